// Adds up the JSON reports of Jest and Playwright into one closing line.
const fs = require('node:fs');
const path = require('node:path');

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
const lines = [];

/** The Jest reports of one step: `<name>.json`, or one per project in the folder `<name>/`. */
function jestReports(name) {
  const file = path.join(dir, `${name}.json`);
  if (fs.existsSync(file)) return [file];
  const folder = path.join(dir, name);
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder)
    .filter((f) => f.endsWith('.json'))
    .map((f) => path.join(folder, f));
}

for (const name of ['unit', 'unit-new-york', 'integration']) {
  const files = jestReports(name);
  if (files.length === 0) continue;
  let stepPassed = 0;
  let stepFailed = 0;
  for (const file of files) {
    const r = JSON.parse(fs.readFileSync(file, 'utf8'));
    stepPassed += r.numPassedTests;
    stepFailed += r.numFailedTests + (r.numRuntimeErrorTestSuites || 0);
    skipped += r.numPendingTests + (r.numTodoTests || 0);
  }
  passed += stepPassed;
  failed += stepFailed;
  lines.push(`${name}: ${stepPassed} passed, ${stepFailed} failed`);
}

const e2eFile = path.join(dir, 'e2e.json');
if (fs.existsSync(e2eFile)) {
  const s = JSON.parse(fs.readFileSync(e2eFile, 'utf8')).stats;
  passed += s.expected;
  failed += s.unexpected + s.flaky;
  skipped += s.skipped;
  lines.push(`e2e: ${s.expected} passed, ${s.unexpected + s.flaky} failed`);
}

console.log('');
for (const l of lines) console.log(`  ${l}`);
console.log(`Total: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
