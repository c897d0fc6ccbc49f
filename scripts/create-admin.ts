// Creates an Owner (a staff account with every permission), or makes an existing account an Owner:
//   npm run admin:create -- --username alex --email alex@example.com [--name "Alex Kim"] [--totp-secret BASE32]
// The password comes from ADMIN_PASSWORD or is asked for (not echoed). There is never a default.
// Staff need a second factor (issue 29): the script prints the set-up link, where the Owner adds an authenticator app
// or a passkey at their first sign-in. --totp-secret enrols that TOTP secret at once, for scripted provisioning.
// Beside a running PGlite store it hands the account to that store over its control socket (decision 0036).
import { createInterface } from "node:readline";
import { email as emailSchema, username as usernameSchema } from "../server/accounts/account-schemas";
import { assertAcceptablePassword, hashPassword } from "../server/accounts/passwords";
import { requestOwner } from "../server/ops/control-socket";
import { type OwnerRequest, saveOwner } from "../server/staff/save-owner";
import { openToolDatabase, parseToolArgs, RefusedError, runTool, toolConfig, UsageError } from "./cli-kit";

const USAGE = "npm run admin:create -- --username <name> --email <address> [--name <full name>] [--totp-secret <BASE32>]";

async function askPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  if (!process.stdin.isTTY) throw new UsageError("Set ADMIN_PASSWORD or run in a terminal to type the password");
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const muted = rl as unknown as { _writeToOutput: (s: string) => void };
  process.stdout.write("Password for the admin account: ");
  muted._writeToOutput = () => {};
  const answer = await new Promise<string>((resolve) => rl.question("", resolve));
  rl.close();
  process.stdout.write("\n");
  return answer;
}

await runTool(async () => {
  const { values } = parseToolArgs({ options: { username: { type: "string" }, email: { type: "string" }, name: { type: "string" }, "totp-secret": { type: "string" } } }, USAGE);
  const totpSecret = values["totp-secret"]?.replace(/\s+/g, "").toUpperCase();
  if (totpSecret !== undefined && !/^[A-Z2-7]{16,128}=*$/.test(totpSecret)) throw new UsageError("--totp-secret must be a base32 secret (A-Z and 2-7, at least 16 characters)");
  const username = usernameSchema.safeParse(values.username);
  const email = emailSchema.safeParse(values.email);
  if (!username.success || !email.success) throw new UsageError(`Usage: ${USAGE}`);
  const { config, dataDir } = toolConfig();

  const password = await askPassword();
  try {
    assertAcceptablePassword(password, { username: username.data, email: email.data });
  } catch (error) {
    throw new RefusedError((error as Error).message);
  }
  const owner: OwnerRequest = { username: username.data, email: email.data, name: values.name ?? username.data, passwordHash: await hashPassword(password), totpSecret: totpSecret ?? null };
  // A running PGlite store saves it itself, and knows the account at once; otherwise the tool opens the database.
  const outcome = (!config.DATABASE_URL && (await requestOwner(dataDir, owner))) || (await saveDirectly(config, dataDir, owner));
  console.log(outcome === "promoted" ? `Made ${username.data} an Owner (password updated).` : `Created Owner ${username.data}.`);
  if (totpSecret) console.log("Enrolled the TOTP secret: sign in with the password, then a code from that secret.");
  else console.log(`Set up two-step sign-in at ${new URL("/admin/two-step", config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).href} (sign in first; staff need an authenticator app or a passkey).`);
});

async function saveDirectly(config: Parameters<typeof openToolDatabase>[0]["config"], dataDir: string, owner: OwnerRequest) {
  const handle = await openToolDatabase({ config, dataDir, instead: "run admin:create again" });
  try {
    return await saveOwner({ db: handle.db, owner });
  } finally {
    await handle.close();
  }
}
