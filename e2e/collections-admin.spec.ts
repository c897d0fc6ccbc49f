import { expect, goto, test } from "./fixtures";

test("staff add a collection with a subcategory and link it from the header; the menu, its page and breadcrumbs show it, and a new name shows at once", async ({ page, signInAsStaff }) => {
  const slug = `trail-${Date.now().toString(36)}`;
  await signInAsStaff(page);
  await goto(page, "/admin/collections");
  const adding = page.getByRole("form", { name: "New collection" });
  await adding.getByLabel("New collection").fill("Trail");
  await adding.getByLabel("Address").fill(slug);
  await adding.getByRole("button", { name: "Add" }).click();
  await expect(page.getByText("Trail added")).toBeVisible();

  const trail = page.getByRole("region", { name: "Trail", exact: true });
  await page.getByText("Edit Trail: name and texts").click();
  await trail.getByLabel("Hero line").fill("Light layers for long days outside.");
  await trail.getByRole("button", { name: "Save Trail" }).click();
  await expect(page.getByText("Trail saved")).toBeVisible();
  const sub = page.getByRole("form", { name: "New subcategory of Trail" });
  await sub.getByLabel("New subcategory").fill("Shells");
  await sub.getByLabel("Address").fill("shells");
  await sub.getByRole("button", { name: "Add" }).click();
  await expect(page.getByText("Shells added")).toBeVisible();

  // The menus are staff data: the new collection joins the header when staff link it there.
  await goto(page, "/admin/menus");
  const header = page.getByRole("region", { name: "Header", exact: true });
  await header.getByRole("button", { name: "Add a link to the header" }).click();
  const linking = header.getByRole("form", { name: "Add to Header" });
  await linking.getByLabel("Label").fill("Trail");
  await linking.getByLabel("Collection").selectOption({ label: "Trail" });
  await linking.getByRole("button", { name: "Add to Header" }).click();
  await header.getByRole("button", { name: "Save header menu" }).click();
  await expect(page.getByText("Header menu saved")).toBeVisible();

  await goto(page, "/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("button", { name: "Trail", exact: true }).click();
  await nav.getByRole("link", { name: "Shells" }).click();
  await expect(page).toHaveURL(new RegExp(`/category/${slug}/shells$`));
  await expect(page.getByRole("heading", { level: 1, name: "Trail Shells" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem")).toHaveText(["Home", "Trail", "Shells"]);
  await goto(page, `/category/${slug}`);
  await expect(page.getByText("Light layers for long days outside.")).toBeVisible();

  await goto(page, "/admin/collections");
  await page.getByText("Edit Trail: name and texts").click();
  await trail.getByLabel("Name", { exact: true }).first().fill("Trail & Hike"); // the first: its subcategories have theirs
  await trail.getByRole("button", { name: "Save Trail" }).click();
  await expect(page.getByText("Trail & Hike saved")).toBeVisible();
  await goto(page, `/category/${slug}`);
  await expect(page.getByRole("heading", { level: 1, name: "Trail & Hike Collection" })).toBeVisible();
});
