import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsDir } from "../paths";
import { migrationsFolders } from "../test/migrations-before";
import { openDatabase } from "./client";
import { rowsOf } from "./rows";

/**
 * The staff migrations on a store that already had admins (issue 29): drizzle/0031 gives every existing admin the
 * Owner role (the only role that keeps what an admin could do), and 0033 leaves them without a second factor, so their
 * next staff request goes to the two-step set-up.
 */
const folders = migrationsFolders("staff-migration");
afterAll(folders.remove);
const migrationsBefore = folders.before;

describe("the staff migrations on a store with admins", () => {
  it("make each existing admin an Owner, keep shoppers shoppers, and leave their second factor to set up", async () => {
    const handle = await openDatabase({});
    try {
      await migrate(handle.db as never, { migrationsFolder: migrationsBefore("0031") });
      await handle.db.execute(sql`insert into users (username, email, name, password_hash, role) values ('old-admin', 'old-admin@example.com', 'Old Admin', 'x', 'admin'), ('shopper', 'shopper@example.com', 'Shopper', 'x', 'customer')`);
      await migrate(handle.db as never, { migrationsFolder: migrationsDir });
      const rows = rowsOf<{ username: string; role: string; role_key: string | null; totp_secret: string | null; suspended_at: string | null }>(
        await handle.db.execute(sql`select u.username, u.role, r.key as role_key, u.totp_secret, u.suspended_at from users u left join staff_roles r on r.id = u.staff_role_id order by u.username`),
      );
      expect(rows).toEqual([
        { username: "old-admin", role: "admin", role_key: "owner", totp_secret: null, suspended_at: null },
        { username: "shopper", role: "customer", role_key: null, totp_secret: null, suspended_at: null },
      ]);
    } finally {
      await handle.close();
    }
  });
});
