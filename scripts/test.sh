#!/usr/bin/env bash
# Runs every test: lint, format check and type checks, unit tests, integration tests against real
# PostgreSQL, Redis and S3, then Playwright end-to-end tests in the system Chromium against the built
# stack. Lint, type checks, unit tests and builds run per project through Nx, with its cache.
set -uo pipefail
cd "$(dirname "$0")/.."
set -e
bash scripts/lib/ensure-deps.sh
bash scripts/lib/ensure-services.sh
set +e

results=.data/test-results
rm -rf "$results" && mkdir -p "$results"
failed=0
step() {
  echo
  echo "== $1"
  shift
  "$@" || failed=1
}

step "Lint" npx nx run-many -t lint --outputStyle=static
step "Format" npx prettier --check . --log-level warn
step "Type check" npm run --silent typecheck
# Kubernetes manifests, the compose file and the alert rules against their schemas and tools: a typo fails here.
step "Manifests" node scripts/lib/check-manifests.mjs
# Each project's unit and component (jsdom) tests, through Nx and its cache.
step "Unit and component tests" npx nx run-many -t test --outputStyle=static
# Dates must not depend on the zone the process runs in: the unit suite once more in a zone far from Beijing's.
step "Unit tests (TZ=America/New_York)" bash scripts/jest-tz.sh America/New_York --selectProjects unit ui --json --outputFile="$results/unit-new-york.json"
# One process runs the 77 suites in turn and keeps what each loaded: past Node's default heap (about
# 4 GB here) by the last suites, so it gets 8 GB of the machine's 24.
step "Integration tests" env NODE_OPTIONS="${NODE_OPTIONS:-} --max-old-space-size=8192" npx jest --config jest.config.js --selectProjects integration --runInBand --json --outputFile="$results/integration.json"
# Malformed input to every operation of the API description, a sample per operation: no 5xx, always the envelope, Chinese messages.
step "Fuzz (short)" env FUZZ_LEVEL=short npm run --silent test:fuzz
step "Build" npm run --silent build
if [ "$failed" -eq 0 ]; then
  step "End-to-end tests" env PLAYWRIGHT_JSON_OUTPUT_NAME="$PWD/$results/e2e.json" npx playwright test --config e2e/playwright.config.ts --reporter=list,json
  # After every valuation, report, batch and allocation of the end-to-end run: the books still balance.
  step "Ledger check" env DATABASE_URL="${E2E_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/valuation_e2e}" node dist/server/scripts/lib/ledger-verify.js
fi

node scripts/lib/test-summary.js "$results" || failed=1
exit "$failed"
