/** The staff account the e2e server starts with (made by `npm run admin:create`); test data only. */
export const E2E_ADMIN = {
  username: "e2e-staff",
  email: "e2e-staff@example.com",
  password: "quartz lantern harbor 8812",
  /** Its authenticator app's secret, enrolled with --totp-secret (issue 29): a test-only value, used nowhere else. */
  totpSecret: "KRSXG5CTORQWM3DGMFZXIZLTORQWMZTQ",
};

/** The Owner of the second e2e store (step-up window 30 s, playwright.config.ts), made with no second factor. */
export const E2E_STEP_UP_OWNER = { username: "step-up-owner", email: "step-up-owner@example.com", password: "harbor lantern 6620 quartz" };
