import AxeBuilder from "@axe-core/playwright";
import { expect, goto, reload, test } from "./fixtures";
import { buyThroughApi, registerShopper } from "./journeys";

const PRODUCT = 20;

test("a buyer of a delivered order reviews it; staff publish it; the page shows it in the histogram, and the JSON-LD says the same", async ({ page, browser, baseURL, signInAsStaff }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const title = `Sharp and warm ${stamp}`;

  // Staff stock the size the shopper buys.
  await signInAsStaff(page);
  const admin = (await (await page.request.get(`/api/admin/products/${PRODUCT}`)).json()) as { product: { colors: string[]; sizes: string[] }; variants: { id: number; color: string; size: string }[] };
  const size = admin.product.sizes.includes("M") ? "M" : admin.product.sizes[0]!;
  const variant = admin.variants.find((v) => v.color === admin.product.colors[0] && v.size === size)!;
  await page.request.patch(`/api/admin/variants/${variant.id}`, { data: { onHand: 40 }, headers: { origin: baseURL! } });

  // A shopper with an account buys it; before it arrives they may not review it.
  const shopper = await (await browser.newContext()).newPage();
  await registerShopper(shopper, { name: "Quinn Harlow", username: `quinn${stamp}`, password: "larch-comet-5 harbour" });
  const orderNumber = await buyThroughApi(shopper, { productId: PRODUCT, size, email: `quinn${stamp}@example.com`, name: "Quinn Harlow" });
  await goto(shopper, `/product/${PRODUCT}#reviews`);
  await expect(shopper.getByText("Only shoppers who bought this product and received it can review it.")).toBeVisible();

  for (const status of ["processing", "shipped", "delivered"]) {
    const shipment = status === "shipped" ? { shipment: { carrier: "UPS", trackingNumber: "1Z999AA10123456784" } } : {};
    expect((await page.request.post(`/api/admin/orders/${orderNumber}/status`, { data: { status, ...shipment }, headers: { origin: baseURL! } })).ok()).toBe(true);
  }

  // Delivered: the buyer writes a five-star review that says it runs small; it waits for staff.
  await reload(shopper);
  const reviews = shopper.getByRole("region", { name: "Reviews" });
  const fiveStars = async () => Number((await reviews.getByRole("button", { name: /^5 stars/ }).textContent())!.match(/^5 stars\s*(\d+)/)![1]);
  const before = await fiveStars();
  await reviews.getByRole("button", { name: "Write a review" }).click();
  await expect(reviews.getByText(`You bought it in ${admin.product.colors[0]}, size ${size}.`)).toBeVisible();
  const axe = await new AxeBuilder({ page: shopper }).include("#reviews").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  await reviews.locator("label").filter({ hasText: "5 stars: Excellent" }).click();
  await expect(reviews.getByRole("radio", { name: "5 stars: Excellent" })).toBeChecked();
  await reviews.getByLabel("Title").fill(title);
  await reviews.getByLabel("Your review").fill('Warm without bulk. <script>alert("x")</script> stays text.');
  await reviews.getByRole("form", { name: "Write a review" }).locator("label").filter({ hasText: "Runs small" }).click();
  await reviews.getByRole("button", { name: "Submit review" }).click();
  await expect(reviews.getByText("Waiting for a quick check before it appears")).toBeVisible();
  await expect(reviews.getByRole("heading", { name: title })).toBeHidden();

  // Staff publish it from the queue.
  await goto(page, "/admin/reviews");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
  await expect(card.getByText("Quinn H. (quinn")).toBeVisible();
  await card.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("heading", { name: title })).toBeHidden();
  // From the published list, staff answer it publicly.
  await goto(page, "/admin/reviews?status=published");
  const published = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
  await published.getByRole("button", { name: "Reply" }).click();
  await published.getByLabel("Public reply from the store (leave empty to remove it)").fill("Thanks, Quinn: the lining is our favourite part too.");
  await published.getByRole("button", { name: "Save reply" }).click();
  await expect(published.getByText("Store reply: Thanks, Quinn: the lining is our favourite part too.")).toBeVisible();

  // The product page shows it, marked verified, counted in the histogram; the JSON-LD carries the same numbers.
  await reload(shopper);
  await expect(reviews.getByRole("heading", { name: title })).toBeVisible();
  const article = reviews.getByRole("article", { name: title });
  await expect(article.getByText("Verified purchase")).toBeVisible();
  await expect(article.getByText(`Bought ${admin.product.colors[0]}, size ${size}`)).toBeVisible();
  await expect(article.getByText('Warm without bulk. <script>alert("x")</script> stays text.')).toBeVisible();
  await expect(article.getByText("Reply from VSOP Apparel")).toBeVisible();
  await expect(article.getByText("Thanks, Quinn: the lining is our favourite part too.")).toBeVisible();
  expect(await fiveStars()).toBe(before + 1);
  await expect(reviews.getByText("Published", { exact: true })).toBeVisible();

  const count = Number((await reviews.getByText(/^Based on \d+ reviews?$/).innerText()).match(/\d+/)![0]);
  const average = Number(await reviews.locator("p.font-display").first().innerText());
  const jsonLd = (await shopper.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t)).find((d) => d["@type"] === "ProductGroup");
  expect(jsonLd.aggregateRating).toEqual({ "@type": "AggregateRating", ratingValue: average, reviewCount: count, bestRating: 5, worstRating: 1 });
  expect(jsonLd.review[0]).toMatchObject({ "@type": "Review", name: title, author: { "@type": "Person", name: "Quinn H." }, reviewRating: { ratingValue: 5 } });
  await expect(shopper.getByRole("link", { name: /out of 5/ }).first()).toContainText(`(${count}`);
});

test("a product without reviews says so, and its JSON-LD has no rating", async ({ page }) => {
  // VSOP pre-orders have not shipped to anyone yet, so nobody can have reviewed them.
  await goto(page, "/product/1");
  await expect(page.getByText("No reviews yet").first()).toBeVisible();
  const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t)).find((d) => d["@type"] === "ProductGroup");
  expect(jsonLd.aggregateRating).toBeUndefined();
  expect(jsonLd.review).toBeUndefined();
});
