import { randomBytes } from "node:crypto";
import type { Challenge } from "altcha-lib";
import { describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { createDropProof } from "./drop-proof";
import { solve } from "./gate-test-helpers";

/** The checks need no database; only spending a proof writes. */
const key = randomBytes(32);
const proof = createDropProof({ db: null as unknown as Database, key: async () => key });
const payloadOf = (text: string) => JSON.parse(Buffer.from(text, "base64").toString("utf8"));
const encoded = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString("base64");

describe("the drop's proof of work, checked in memory", () => {
  it("takes a solution altcha-lib's solver found for this drop's challenge", async () => {
    const challenge = await proof.challenge({ dropId: 7 });
    const solved = await proof.verify({ dropId: 7, proof: await solve(challenge) });
    expect(solved).toEqual({ signature: challenge.signature, expiresAt: new Date(challenge.parameters.expiresAt! * 1000) });
  });

  it("refuses a guessed key, changed parameters, another drop's challenge and another store's", async () => {
    const challenge = await proof.challenge({ dropId: 7 });
    const good = payloadOf(await solve(challenge));
    const refused = (payload: unknown, dropId = 7) => proof.verify({ dropId, proof: encoded(payload) }).then(() => "verified", (error: Error) => error.message);
    const NOT_SOLVED = "The browser check was not solved. Solve a new one.";
    expect(await refused({ ...good, solution: { ...good.solution, derivedKey: "00".repeat(32) } })).toBe(NOT_SOLVED);
    expect(await refused({ ...good, solution: { ...good.solution, derivedKey: good.solution.derivedKey.slice(1) } })).toBe(NOT_SOLVED);
    expect(await refused({ ...good, challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, keyPrefix: "0" } } })).toBe(NOT_SOLVED);
    expect(await refused({ ...good, challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, data: { drop: 8 } } } }, 8)).toBe(NOT_SOLVED);
    expect(await refused(good, 8)).toBe(NOT_SOLVED);
    const otherStore = createDropProof({ db: null as unknown as Database, key: async () => randomBytes(32) });
    const theirs = await otherStore.challenge({ dropId: 7 });
    expect(await refused(payloadOf(await solve(theirs as Challenge)))).toBe(NOT_SOLVED);
  });

  it("refuses an expired challenge and a payload it can't read", async () => {
    const challenge = await proof.challenge({ dropId: 7 });
    const good = payloadOf(await solve(challenge));
    const expired = { ...good, challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, expiresAt: Math.floor(Date.now() / 1000) - 1 } } };
    await expect(proof.verify({ dropId: 7, proof: encoded(expired) })).rejects.toThrow("The browser check has expired. Solve a new one.");
    await expect(proof.verify({ dropId: 7, proof: "not base64 json" })).rejects.toThrow("The browser check could not be read. Solve a new one.");
  });
});

describe("a spent solution", () => {
  it("is refused by the process that spent it before any query, and by the table's unique signature in any other", async () => {
    const statements: string[] = [];
    // A database that answers the spend's insert as the table would: the first time a row, then nothing.
    const written = new Set<string>();
    const db = {
      execute: async (query: { queryChunks: unknown[] }) => {
        statements.push("insert");
        const signature = /"([0-9a-f]{64})"/.exec(JSON.stringify(query.queryChunks))![1]!;
        const fresh = !written.has(signature);
        written.add(signature);
        return { rows: fresh ? [{ signature: "spent" }] : [] };
      },
    } as unknown as Database;
    const here = createDropProof({ db, key: async () => key });
    const elsewhere = createDropProof({ db, key: async () => key });
    const solution = await solve(await here.challenge({ dropId: 7 }));
    await here.spend(await here.verify({ dropId: 7, proof: solution }));
    expect(statements).toHaveLength(1);
    await expect(here.verify({ dropId: 7, proof: solution })).rejects.toThrow("This challenge was already used. Solve a new one.");
    expect(statements).toHaveLength(1);
    await expect(elsewhere.spend(await elsewhere.verify({ dropId: 7, proof: solution }))).rejects.toThrow("This challenge was already used. Solve a new one.");
    expect(statements).toHaveLength(2);
  });
});
