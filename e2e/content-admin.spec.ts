import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, goto, test } from "./fixtures";

/** A small PNG made in the page (a photo to upload without a file on disk). */
async function pngFile(page: Page) {
  const base64 = await page.evaluate(() => {
    const canvas = Object.assign(document.createElement("canvas"), { width: 640, height: 400 });
    const g = canvas.getContext("2d")!;
    g.fillStyle = "#2f5d8a";
    g.fillRect(0, 0, 640, 400);
    g.fillStyle = "#f2b705";
    g.fillRect(160, 100, 320, 200);
    return canvas.toDataURL("image/png").split(",")[1]!;
  });
  return { name: "layers.png", mimeType: "image/png", buffer: Buffer.from(base64, "base64") };
}

/** "2026-11-25T15:04", a minute or so ahead in UTC (the staff area's times), for the datetime-local input. */
function aMinuteAhead() {
  const at = new Date(Date.now() + 60_000);
  at.setUTCSeconds(0, 0);
  if (at.getTime() - Date.now() < 45_000) at.setUTCMinutes(at.getUTCMinutes() + 1);
  return { input: at.toISOString().slice(0, 16), at: at.getTime() };
}

test("staff write a post with a heading, a list, a link and a photo, schedule it a minute ahead, and shoppers see it at that time", async ({ page, browser, signInAsStaff }) => {
  test.setTimeout(180_000);
  await signInAsStaff(page);
  await goto(page, "/admin/content/new?kind=post");
  await page.getByRole("textbox", { name: "Title", exact: true }).fill("Layering for the first frost");
  await expect(page.getByRole("textbox", { name: "Address" })).toHaveValue("layering-for-the-first-frost");

  const body = page.getByRole("textbox", { name: "Body" });
  await body.click();
  await page.keyboard.type("Cold mornings, warm afternoons: dress in layers.");
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Heading 2" }).click();
  await page.keyboard.type("What to layer");
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Bulleted list" }).click();
  await page.keyboard.type("A merino tee");
  await page.keyboard.press("Enter");
  await page.keyboard.type("A fleece mid-layer");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter"); // out of the list
  await page.keyboard.type("Check the size guide");
  for (let i = 0; i < "size guide".length; i++) await page.keyboard.press("Shift+ArrowLeft");
  await page.getByRole("button", { name: "Link" }).click();
  await page.getByRole("textbox", { name: "Link address" }).fill("javascript:alert(1)");
  await page.getByRole("button", { name: "Apply link" }).click();
  await expect(page.getByText("Use an https:// address, mailto:, tel: or a path on this store")).toBeVisible();
  await page.getByRole("textbox", { name: "Link address" }).fill("/size-guide");
  await page.getByRole("button", { name: "Apply link" }).click();
  await expect(body.getByRole("link", { name: "size guide" })).toHaveAttribute("href", "/size-guide");

  await page.getByRole("button", { name: "Photo", exact: true }).click();
  await page.getByLabel("Photo", { exact: true }).and(page.locator('input[type="file"]')).setInputFiles(await pngFile(page));
  await page.getByRole("textbox", { name: "Alt text" }).fill("A blue coat over a yellow fleece");
  await page.getByRole("button", { name: "Insert photo" }).click();
  await expect(body.getByRole("img", { name: "A blue coat over a yellow fleece" })).toHaveAttribute("src", /^\/media\/[a-f0-9]{24}-640\.jpg$/);

  await page.getByLabel("Category").fill("Field Notes");
  await page.getByLabel("Status").selectOption("scheduled");
  const { input, at } = aMinuteAhead();
  await page.getByLabel("Goes live at").fill(input);
  await page.getByRole("button", { name: "Create post" }).click();
  await expect(page).toHaveURL(/\/admin\/content\/\d+$/);
  await expect(page.getByText("Status: Scheduled")).toBeVisible();

  // A shopper: nothing there until its time, then the post, as written.
  const shopper = await browser.newContext();
  const shopperPage = await shopper.newPage();
  expect((await shopperPage.request.get("/blog/layering-for-the-first-frost")).status()).toBe(404);
  expect(Date.now()).toBeLessThan(at);
  await expect.poll(async () => (await shopperPage.request.get("/blog/layering-for-the-first-frost")).status(), { timeout: 120_000, intervals: [2_000] }).toBe(200);
  expect(Date.now()).toBeGreaterThanOrEqual(at - 1_000);
  await goto(shopperPage, "/blog/layering-for-the-first-frost");
  const article = shopperPage.getByRole("main");
  await expect(article.getByRole("heading", { level: 1, name: "Layering for the first frost" })).toBeVisible();
  await expect(article.getByRole("heading", { level: 2, name: "What to layer" })).toBeVisible();
  await expect(article.getByRole("listitem").filter({ hasText: "A fleece mid-layer" })).toBeVisible();
  await expect(article.getByRole("link", { name: "size guide" })).toHaveAttribute("href", "/size-guide");
  await expect(article.getByRole("img", { name: "A blue coat over a yellow fleece" })).toBeVisible();
  await goto(shopperPage, "/blog?category=Field+Notes");
  await expect(shopperPage.getByRole("article").filter({ hasText: "Layering for the first frost" })).toBeVisible();
  await shopper.close();
});

/** Pastes as a browser would: a paste event carrying the clipboard's types. */
async function paste(page: Page, data: Record<string, string>) {
  await page.getByRole("textbox", { name: "Body" }).evaluate((el, items) => {
    const transfer = new DataTransfer();
    for (const [type, value] of Object.entries(items)) transfer.setData(type, value);
    el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }));
  }, data);
}

const WORD_HTML = `<html xmlns:o="urn:schemas-microsoft-com:office:office"><body>
<h1>Returns made simple</h1>
<p class=MsoNormal>Send it back within <b>30 days</b>, <i>unworn</i>, with its <a href="https://example.com/labels">label</a>.</p>
<p class=MsoListParagraphCxSpFirst style='mso-list:l0 level1 lfo1'><span style='mso-list:Ignore'>1.<span>&nbsp;&nbsp;</span></span>Start a return</p>
<p class=MsoListParagraphCxSpLast style='mso-list:l0 level1 lfo1'><span style='mso-list:Ignore'>2.<span>&nbsp;&nbsp;</span></span>Drop it off</p>
<img src="https://example.com/tracking.gif" alt="">
</body></html>`;

test("pasting from a word processor or Markdown keeps headings, lists, links and emphasis", async ({ page, signInAsStaff }) => {
  await signInAsStaff(page);
  await goto(page, "/admin/content/new?kind=page");
  const body = page.getByRole("textbox", { name: "Body" });
  await body.click();
  await paste(page, { "text/html": WORD_HTML, "text/plain": "Returns made simple" });
  await expect(body.getByRole("heading", { level: 2, name: "Returns made simple" })).toBeVisible();
  await expect(body.locator("strong", { hasText: "30 days" })).toBeVisible();
  await expect(body.locator("em", { hasText: "unworn" })).toBeVisible();
  await expect(body.getByRole("link", { name: "label" })).toHaveAttribute("href", "https://example.com/labels");
  await expect(body.locator("ol > li")).toHaveText(["Start a return", "Drop it off"]);
  await expect(body.locator("img")).toHaveCount(0); // an image from elsewhere is left out

  await page.keyboard.press("Control+End");
  await paste(page, { "text/plain": "## Exchanges\n\n- **Free** the first time\n- See [the size guide](/size-guide)\n\n# Too big a heading" });
  await expect(body.getByRole("heading", { level: 2, name: "Exchanges" })).toBeVisible();
  await expect(body.locator("ul > li")).toHaveText(["Free the first time", "See the size guide"]);
  await expect(body.locator("ul strong", { hasText: "Free" })).toBeVisible();
  await expect(body.getByRole("link", { name: "the size guide" })).toHaveAttribute("href", "/size-guide");
  await expect(body.getByRole("heading", { level: 2, name: "Too big a heading" })).toBeVisible();

  // What was pasted saves: the server's schema accepts it.
  await page.getByRole("textbox", { name: "Title", exact: true }).fill("Pasted returns");
  await page.getByRole("button", { name: "Create page" }).click();
  await expect(page).toHaveURL(/\/admin\/content\/\d+$/);
  await expect(page.getByRole("textbox", { name: "Body" }).getByRole("heading", { name: "Exchanges" })).toBeVisible();
});

test("staff fix a policy in the browser and shoppers see it at once", async ({ page, browser, signInAsStaff }) => {
  await signInAsStaff(page);
  await goto(page, "/admin/content?kind=policy");
  await page.getByRole("region", { name: "Content entries" }).getByRole("link", { name: "Shipping", exact: true }).click();
  const body = page.getByRole("textbox", { name: "Body" });
  await expect(body).toContainText("business days");
  await body.click();
  await page.keyboard.press("Control+End");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Parcels to Alaska and Hawaii take two days longer.");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Policy saved")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "the current version" })).toHaveCount(1);

  const shopper = await browser.newContext();
  const shopperPage = await shopper.newPage();
  await goto(shopperPage, "/shipping");
  await expect(shopperPage.getByRole("main").getByText("Parcels to Alaska and Hawaii take two days longer.")).toBeVisible();
  await shopper.close();
});

for (const theme of ["light", "dark"] as const) {
  test.describe(`content pages, ${theme} theme`, () => {
    test.use({ colorScheme: theme, expectedConsoleErrors: [/status of 400/] });
    test("the list and the editor, with a field's error and a panel open, have no axe violations", async ({ page, signInAsStaff }) => {
      test.setTimeout(60_000);
      await signInAsStaff(page);
      const analyze = async (where: string) => {
        const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).exclude("[data-sonner-toaster]").analyze();
        expect(results.violations.map((v) => `${where} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      };
      await goto(page, "/admin/content?kind=policy");
      await expect(page.getByRole("region", { name: "Content entries" }).getByRole("link", { name: "Returns" })).toBeVisible();
      await analyze("/admin/content");

      await page.getByRole("region", { name: "Content entries" }).getByRole("link", { name: "Returns" }).click();
      await expect(page.getByRole("heading", { name: "Revisions" })).toBeVisible();
      await expect(page.getByRole("textbox", { name: "Body" })).toContainText("30 days");
      // A refused address: the server's error shows under the field.
      await page.getByRole("textbox", { name: "Address" }).fill("Not An Address");
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByRole("textbox", { name: "Address" })).toHaveAccessibleDescription(/Use lower-case letters, digits and single hyphens/);
      await page.getByRole("button", { name: "Link" }).click();
      await analyze("/admin/content/{returns}");
    });
  });
}
