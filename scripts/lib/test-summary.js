// Adds up the JSON reports of Jest and Playwright into one closing line.
const fs = require('node:fs');
const path = require('node:path');

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
const lines = [];

for (const name of ['unit', 'integration']) {
  const file = path.join(dir, `${name}.json`);
  if (!fs.existsSync(file)) continue;
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests + (r.numRuntimeErrorTestSuites || 0);
  skipped += r.numPendingTests + (r.numTodoTests || 0);
  lines.push(`${name}: ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
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
