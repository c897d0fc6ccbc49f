// Prints the slowest test files of a run from its JSON report (Vitest's or Playwright's), for .ci/run's summary:
//   node scripts/slowest-tests.mjs <report.json> [count]
import { readFileSync } from "node:fs";
import { relative } from "node:path";

const [file, count = "10"] = process.argv.slice(2);
if (!file) {
  console.error("usage: node scripts/slowest-tests.mjs <report.json> [count]");
  process.exit(2);
}
const report = JSON.parse(readFileSync(file, "utf8"));
/** @type {Map<string, {ms: number, tests: number}>} */
const files = new Map();
const add = (name, ms, tests) => {
  const entry = files.get(name) ?? { ms: 0, tests: 0 };
  files.set(name, { ms: entry.ms + ms, tests: entry.tests + tests });
};

if (Array.isArray(report.testResults)) {
  // Vitest: one entry per file, from its first hook to its last.
  for (const result of report.testResults) add(relative(process.cwd(), result.name), result.endTime - result.startTime, result.assertionResults.length);
} else {
  // Playwright: suites nest by file and describe block; a test's time is the sum of its runs (every project).
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) for (const test of spec.tests) add(spec.file, test.results.reduce((sum, r) => sum + r.duration, 0), 1);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites) walk(suite);
}

const rows = [...files].sort((a, b) => b[1].ms - a[1].ms).slice(0, Number(count));
console.log(`Slowest ${rows.length} of ${files.size} test files:`);
for (const [name, { ms, tests }] of rows) console.log(`${(ms / 1000).toFixed(1).padStart(8)} s  ${String(tests).padStart(4)} tests  ${name}`);
