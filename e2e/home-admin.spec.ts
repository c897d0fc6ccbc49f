import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { BASE_URL, expect, goto, test } from "./fixtures";

type Section = {
  type: string;
  settings: unknown;
  visible: boolean;
  startsAt: string | null;
  endsAt: string | null;
};
const headers = { origin: BASE_URL };
const axe = (page: Page) =>
  new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .exclude("[data-sonner-toaster]")
    .analyze();
const violations = (results: Awaited<ReturnType<typeof axe>>) =>
  results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );

/** The saved sections, to put back after a test (other specs read the seeded home page). */
async function savedSections(request: APIRequestContext): Promise<Section[]> {
  const { sections } = (await (
    await request.get("/api/admin/home")
  ).json()) as { sections: Section[] };
  return sections.map(({ type, settings, visible, startsAt, endsAt }) => ({
    type,
    settings,
    visible,
    startsAt,
    endsAt,
  }));
}

// One at a time: each test changes what every storefront page shows (the bar), and checks it.
test.describe.configure({ mode: "serial" });

test.describe("staff edit the home page", () => {
  // The refused link is a 400, which the browser logs.
  test.use({ expectedConsoleErrors: [/status of 400/] });

  test("staff put a new section at the top of the home page and add an announcement; a shopper sees both", async ({
    page,
    browser,
    signInAsStaff,
  }) => {
    await signInAsStaff(page);
    const before = await savedSections(page.request);
    const note = `A note from the studio ${Date.now()}`;
    const message = `Spring drop lands Friday ${Date.now()}`;
    try {
      await goto(page, "/admin/home");
      await page
        .getByRole("combobox", { name: "Add a section" })
        .selectOption("rich_text");
      await page.getByRole("button", { name: "Add", exact: true }).click();
      // The content editor: the line becomes a heading, which the home page keeps.
      await page.getByRole("textbox", { name: "Text" }).fill(note);
      await page.getByRole("button", { name: "Heading 2" }).click();
      for (let i = before.length; i > 0; i--)
        await page
          .getByRole("button", { name: `Move Rich text, section ${i + 1} up` })
          .click();
      await expect(
        page.getByRole("listitem", { name: "Rich text, section 1" }),
      ).toBeVisible();
      // At the top, its button is unavailable but keeps the focus; the move was announced.
      const up = page.getByRole("button", {
        name: "Move Rich text, section 1 up",
      });
      await expect(up).toBeFocused();
      await expect(up).toHaveAttribute("aria-disabled", "true");
      await expect(
        page.getByRole("status").filter({ hasText: "moved to position" }),
      ).toHaveText(`Rich text moved to position 1 of ${before.length + 1}.`);
      await page.getByRole("button", { name: "Save sections" }).click();
      await expect(page.getByText("Home page saved")).toBeVisible();
      await expect(
        page.getByRole("listitem", { name: "Hero, section 2" }),
      ).toBeVisible();

      await page.getByRole("button", { name: "Add an announcement" }).click();
      const form = page.locator("#announcement-new");
      await form.getByRole("textbox", { name: "Message" }).fill(message);
      await form
        .getByRole("textbox", { name: "Link (optional)" })
        .fill("javascript:alert(1)");
      await form.getByRole("button", { name: "Add announcement" }).click();
      const link = form.getByRole("textbox", { name: "Link (optional)" });
      await expect(link).toHaveAccessibleDescription(
        /Must be a path on this store/,
      );
      await expect(link).toBeFocused();
      await link.fill("/vsop");
      await form
        .getByRole("textbox", { name: "Link text (optional)" })
        .fill("See the drop");
      await form.getByRole("button", { name: "Add announcement" }).click();
      await expect(page.getByText("Announcement added")).toBeVisible();
      await expect(
        page
          .getByRole("listitem", { name: `Announcement: ${message}` })
          .getByText("Showing now"),
      ).toBeVisible();

      const shopper = await browser.newPage();
      await goto(shopper, "/");
      const bar = shopper.getByRole("region", { name: "Announcement" });
      await expect(bar).toContainText(message);
      await expect(
        bar.getByRole("link", { name: "See the drop" }),
      ).toHaveAttribute("href", "/vsop");
      await expect(
        shopper.getByRole("heading", { level: 2, name: note }),
      ).toBeVisible();
      const main = await shopper.getByRole("main").innerText();
      expect(main.indexOf(note)).toBeGreaterThanOrEqual(0);
      expect(main.indexOf(note)).toBeLessThan(
        main.indexOf("VSOP Premium Collection"),
      );
      await goto(shopper, "/products");
      await expect(
        shopper.getByRole("region", { name: "Announcement" }),
      ).toContainText(message);
      await shopper.close();
    } finally {
      await page.request.put("/api/admin/home/sections", {
        data: { sections: before },
        headers,
      });
      const { announcements } = (await (
        await page.request.get("/api/admin/home")
      ).json()) as { announcements: { id: number; message: string }[] };
      for (const a of announcements.filter((a) => a.message === message))
        await page.request.delete(`/api/admin/announcements/${a.id}`, {
          headers,
        });
    }
  });
});

test("moving and removing sections keep the keyboard's place and are announced", async ({
  page,
  signInAsStaff,
}) => {
  await signInAsStaff(page);
  await goto(page, "/admin/home");
  const status = page.getByRole("status").filter({ hasText: /moved|removed/ });
  await page.getByRole("button", { name: "Move Hero, section 1 down" }).focus();
  await page.keyboard.press("Enter");
  await expect(
    page.getByRole("button", { name: "Move Hero, section 2 down" }),
  ).toBeFocused();
  await expect(status).toHaveText(/^Hero moved to position 2 of \d+\.$/);
  const up = page.getByRole("button", { name: "Move Hero, section 2 up" });
  await up.focus();
  await page.keyboard.press("Enter");
  const top = page.getByRole("button", { name: "Move Hero, section 1 up" });
  await expect(top).toBeFocused();
  await expect(top).toHaveAttribute("aria-disabled", "true");
  await page.keyboard.press("Enter");
  await expect(top).toBeFocused();
  await page.getByRole("button", { name: "Remove Hero, section 1" }).click();
  await expect(
    page.getByRole("heading", { level: 2, name: "Sections" }),
  ).toBeFocused();
  await expect(status).toHaveText(
    "Hero removed. Save the sections to publish the change.",
  );
  // Nothing was saved.
  const { sections } = (await (
    await page.request.get("/api/admin/home")
  ).json()) as { sections: Section[] };
  expect(sections[0]!.type).toBe("hero");
});

for (const theme of ["light", "dark"] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme });

    test("/admin/home, with a section open, has no axe violations", async ({
      page,
      signInAsStaff,
    }) => {
      await signInAsStaff(page);
      await goto(page, "/admin/home");
      await expect(page.locator("html")).toHaveClass(
        theme === "dark" ? /dark/ : /^(?!.*dark).*$/,
      );
      await page.getByRole("button", { name: /^Edit Product grid/ }).click();
      await expect(page.getByRole("textbox", { name: "Heading" })).toHaveValue(
        "Featured products",
      );
      expect(violations(await axe(page))).toEqual([]);
    });

    test("the home page with an announcement has no axe violations", async ({
      page,
      signInAsStaff,
    }) => {
      await signInAsStaff(page);
      const made = await page.request.post("/api/admin/announcements", {
        data: {
          message: `Axe check ${theme} ${Date.now()}`,
          linkUrl: "/shipping",
          linkLabel: "Details",
        },
        headers,
      });
      expect(made.status()).toBe(201);
      const { id } = (await made.json()) as { id: number };
      try {
        await page.context().clearCookies();
        await goto(page, "/");
        await expect(
          page.getByRole("region", { name: "Announcement" }),
        ).toContainText(`Axe check ${theme}`);
        expect(violations(await axe(page))).toEqual([]);
      } finally {
        await signInAsStaff(page);
        await page.request.delete(`/api/admin/announcements/${id}`, {
          headers,
        });
      }
    });
  });
}
