#!/usr/bin/env bash
# Compiles the API, the worker and the server libraries to dist/server (swc; types are checked by `npm run typecheck`).
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf dist/server
npx swc apps/api/src apps/worker/src libs/domain/src libs/contracts/src libs/server libs/valuation/src scripts/lib scripts/bench/valuation.ts scripts/bench/batch.ts scripts/bench/reports.ts scripts/bench/bench-process.ts \
  -d dist/server --config-file .swcrc --quiet
