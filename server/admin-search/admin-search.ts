import { sql } from "drizzle-orm";
import { toDollars } from "../catalog/product-json";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import { SEARCH_GROUP_LIMIT, type AdminSearchContent, type AdminSearchCustomer, type AdminSearchOrder, type AdminSearchProduct, type AdminSearchResults } from "./admin-search-schemas";

/** A LIKE pattern's literal part: its wildcards and the escape character taken as themselves. */
const literal = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const iso = (value: string | Date) => new Date(value).toISOString();
const LIMIT = SEARCH_GROUP_LIMIT;
/** At most this many index matches are read for a group before it is sorted: what bounds a search for "a". */
const SCAN_LIMIT = 200;

/** "VS-100123", "vs100123", "#100123" and "100123" all mean the order numbers starting VS-100123. */
function orderNumberPrefix(q: string): string | null {
  const m = /^#?(?:vs-?)?(\d{1,12})$/i.exec(q);
  return m ? `VS-${m[1]}` : null;
}

/** Words of a product name as a prefix query: "blue ho" finds "Blue Hoodie". Letters and digits only. */
function nameQuery(q: string): string | null {
  const words = q.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean).slice(0, 8);
  return words.length ? words.map((w) => `${w}:*`).join(" & ") : null;
}

async function searchOrders(db: Database, q: string): Promise<AdminSearchOrder[]> {
  const number = orderNumberPrefix(q);
  // By number (a prefix of it), else by the email it was placed with (a prefix: "jane@" or the whole address).
  const where = number ? sql`order_number like ${`${number}%`}` : /\s/.test(q) ? null : sql`lower(email) like ${`${literal(q.toLowerCase())}%`}`;
  if (!where) return [];
  const rows = rowsOf<{ order_number: string; email: string; shipping_name: string; status: string; total_cents: number; created_at: string }>(
    // The newest of the first matches the index gives: a one-letter prefix matching every order stays a bounded read.
    await db.execute(sql`
      select * from (select order_number, email, shipping_name, status, total_cents, created_at from orders where ${where} limit ${SCAN_LIMIT}) o
      order by created_at desc limit ${LIMIT}`),
  );
  return rows.map((r) => ({ orderNumber: r.order_number, email: r.email, name: r.shipping_name, status: r.status, total: toDollars(r.total_cents), createdAt: iso(r.created_at) }));
}

async function searchProducts(db: Database, q: string): Promise<AdminSearchProduct[]> {
  const words = nameQuery(q);
  const lower = q.toLowerCase();
  const branches = [
    // A barcode or a handle exactly first, then SKUs and names, then handles starting with the query.
    sql`(select product_id as id, 'Barcode ' || barcode as matched, 0 as rank from variants where barcode = ${q} and barcode is not null limit ${LIMIT})`,
    sql`(select id, null::text as matched, 0 as rank from products where handle = ${lower})`,
    sql`(select product_id as id, 'SKU ' || sku as matched, 1 as rank from variants where upper(sku) like ${`${literal(q.toUpperCase())}%`} limit ${LIMIT})`,
    ...(words ? [sql`(select id, null::text as matched, 2 as rank from products where to_tsvector('simple', name) @@ to_tsquery('simple', ${words}) limit ${LIMIT})`] : []),
    sql`(select id, null::text as matched, 3 as rank from products where handle like ${`${literal(lower)}%`} limit ${LIMIT})`,
  ];
  const rows = rowsOf<{ id: number; name: string; handle: string; status: string; matched: string | null; rank: number }>(
    await db.execute(sql`
      select distinct on (p.id) p.id, p.name, p.handle, p.status, h.matched, h.rank
      from (${sql.join(branches, sql` union all `)}) h join products p on p.id = h.id
      order by p.id, h.rank`),
  );
  return rows
    .sort((a, b) => a.rank - b.rank || a.name.localeCompare(b.name))
    .slice(0, LIMIT)
    .map((r) => ({ id: r.id, name: r.name, handle: r.handle, status: r.status, matched: r.matched }));
}

async function searchCustomers(db: Database, q: string): Promise<AdminSearchCustomer[]> {
  const lower = literal(q.toLowerCase());
  // Accounts by email or name (a name's any word), then guest buyers by the email their orders carry.
  const rows = rowsOf<{ email: string; name: string }>(
    await db.execute(sql`
      (select lower(email) as email, name, 0 as rank from users
        where role = 'customer' and (lower(email) like ${`${lower}%`} or lower(name) like ${`${lower}%`} or lower(name) like ${`% ${lower}%`})
        order by lower(email) limit ${LIMIT})
      union all
      (select lower(email) as email, max(shipping_name) as name, 1 as rank
        from (select email, shipping_name from orders where lower(email) like ${`${lower}%`} and paid_at is not null limit ${SCAN_LIMIT}) o
        group by lower(email) order by lower(email) limit ${LIMIT})
      order by rank, email`),
  );
  const seen = new Set<string>();
  return rows
    .filter((r) => !seen.has(r.email) && seen.add(r.email))
    .slice(0, LIMIT)
    .map((r) => ({ email: r.email, name: r.name }));
}

async function searchContent(db: Database, q: string): Promise<AdminSearchContent[]> {
  // Staff write tens or hundreds of entries, not millions: a title containing the query, most recently edited first.
  const rows = rowsOf<AdminSearchContent>(
    await db.execute(sql`select id, kind, title, status from content_entries where title ilike ${`%${literal(q)}%`} order by updated_at desc, id desc limit ${LIMIT}`),
  );
  return rows.map((r) => ({ id: r.id, kind: r.kind, title: r.title, status: r.status }));
}

/**
 * The staff search (/ or Ctrl+K on every staff page): orders by number or email, products by name, handle, SKU or
 * barcode, customers by name or email and content by title, at most five of each. Every branch is an index lookup
 * (drizzle/0032): the same query answers as fast with 100,000 products (npm run bench:admin-search).
 */
export async function adminSearch({ db, q }: { db: Database; q: string }): Promise<AdminSearchResults> {
  const [orders, products, customers, content] = await Promise.all([searchOrders(db, q), searchProducts(db, q), searchCustomers(db, q), searchContent(db, q)]);
  return { q, orders, products, customers, content };
}
