/** The staff account the e2e server starts with (made by `npm run admin:create`); test data only. */
export const E2E_ADMIN = { username: "e2e-staff", email: "e2e-staff@example.com", password: "quartz lantern harbor 8812" };
