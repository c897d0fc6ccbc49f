import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { rowsOf } from "../db/rows";
import { createTestDatabase, type TestDatabase } from "../test/test-database";
import { seedReviews } from "./seed-reviews";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

it("seeds reviews from seeded buyers' delivered orders, and every product's numbers are its published reviews", async () => {
  const seeded = await seedReviews(database.db);
  expect(seeded.reviews).toBeGreaterThan(200);
  expect(await seedReviews(database.db)).toEqual({ buyers: 0, reviews: 0 });

  const mismatched = rowsOf(
    await database.db.execute(sql`
      select p.id, p.rating, p.review_count, r.n, r.avg from products p
      left join lateral (select count(*)::int as n, coalesce(round(avg(rating), 1), 0) as avg from reviews where product_id = p.id and status = 'published') r on true
      where p.review_count <> r.n or p.rating <> r.avg`),
  );
  expect(mismatched).toEqual([]);
  const [{ unverified }] = rowsOf<{ unverified: number }>(
    await database.db.execute(sql`
      select count(*)::int as unverified from reviews r
      where not exists (select 1 from orders o join order_items i on i.order_id = o.id
                        where o.id = r.order_id and o.user_id = r.user_id and o.status = 'delivered' and i.product_id = r.product_id)`),
  ) as [{ unverified: number }];
  expect(unverified).toBe(0);
  const [{ preorderReviews, rated }] = rowsOf<{ preorderReviews: number; rated: number }>(
    await database.db.execute(sql`select count(*) filter (where preorder and review_count > 0)::int as "preorderReviews", count(*) filter (where review_count > 0)::int as rated from products`),
  ) as [{ preorderReviews: number; rated: number }];
  expect(preorderReviews).toBe(0);
  expect(rated).toBeGreaterThan(50);
});
