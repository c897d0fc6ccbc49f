// Creates an Owner (a staff account with every permission), or makes an existing account an Owner:
//   npm run admin:create -- --username alex --email alex@example.com [--name "Alex Kim"] [--totp-secret BASE32]
// The password comes from ADMIN_PASSWORD or is asked for (not echoed). There is never a default.
// Staff need a second factor (issue 29): the script prints the set-up link, where the Owner adds an authenticator app
// or a passkey at their first sign-in. --totp-secret enrols that TOTP secret at once, for scripted provisioning.
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { eq, or, sql } from "drizzle-orm";
import { email as emailSchema, username as usernameSchema } from "../server/accounts/account-schemas";
import { assertAcceptablePassword, hashPassword } from "../server/accounts/passwords";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { migrateDatabase } from "../server/db/migrate";
import { users } from "../server/db/schema";
import { ownerRoleId } from "../server/staff/owner-role";

const { values } = parseArgs({ options: { username: { type: "string" }, email: { type: "string" }, name: { type: "string" }, "totp-secret": { type: "string" } } });
const totpSecret = values["totp-secret"]?.replace(/\s+/g, "").toUpperCase();
if (totpSecret !== undefined && !/^[A-Z2-7]{16,128}=*$/.test(totpSecret)) {
  console.error("--totp-secret must be a base32 secret (A-Z and 2-7, at least 16 characters)");
  process.exit(1);
}
const username = usernameSchema.safeParse(values.username);
const email = emailSchema.safeParse(values.email);
if (!username.success || !email.success) {
  console.error("Usage: npm run admin:create -- --username <name> --email <address> [--name <full name>] [--totp-secret <BASE32>]");
  process.exit(1);
}

async function askPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  if (!process.stdin.isTTY) throw new Error("Set ADMIN_PASSWORD or run in a terminal to type the password");
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const muted = rl as unknown as { _writeToOutput: (s: string) => void };
  process.stdout.write("Password for the admin account: ");
  muted._writeToOutput = () => {};
  const answer = await new Promise<string>((resolve) => rl.question("", resolve));
  rl.close();
  process.stdout.write("\n");
  return answer;
}

const password = await askPassword();
try {
  assertAcceptablePassword(password, { username: username.data, email: email.data });
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const config = loadConfig();
const handle = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrateDatabase(handle);
  const { db } = handle;
  const passwordHash = await hashPassword(password);
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(or(eq(sql`lower(${users.username})`, username.data.toLowerCase()), eq(sql`lower(${users.email})`, email.data.toLowerCase())));
  if (existing) {
    await db.update(users).set({ role: "admin", staffRoleId: ownerRoleId, passwordHash, suspendedAt: null, updatedAt: new Date() }).where(eq(users.id, existing.id));
    console.log(`Made ${username.data} an Owner (password updated).`);
  } else {
    await db.insert(users).values({ username: username.data, email: email.data.toLowerCase(), name: values.name ?? username.data, passwordHash, role: "admin", staffRoleId: ownerRoleId });
    console.log(`Created Owner ${username.data}.`);
  }
  if (totpSecret) {
    // A new secret: codes from an earlier one (and their steps) no longer count.
    await db.update(users).set({ totpSecret, totpPendingSecret: null, totpLastStep: null }).where(eq(sql`lower(${users.username})`, username.data.toLowerCase()));
    console.log("Enrolled the TOTP secret: sign in with the password, then a code from that secret.");
  } else {
    console.log(`Set up two-step sign-in at ${new URL("/admin/two-step", config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).href} (sign in first; staff need an authenticator app or a passkey).`);
  }
} finally {
  await handle.close();
}
