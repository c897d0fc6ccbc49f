// A worker thread of npm run bench:drop: solves each challenge it is sent as a shopper's browser does (ALTCHA, issue
// 48, altcha-lib's solveChallenge) and answers the widget's payload (base64 of the challenge and the counter found).
import { parentPort } from "node:worker_threads";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { Buffer } from "node:buffer";

parentPort.on("message", async (challenge) => {
  const solution = await solveChallenge({ challenge, deriveKey });
  parentPort.postMessage(Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString("base64"));
});
