#!/usr/bin/env bash
# The built stack for the end-to-end tests, on ports of its own with a fresh database, a Redis
# prefix of its own and a fresh loopback S3. Playwright starts and stops it.
set -euo pipefail
cd "$(dirname "$0")/.."

export NODE_ENV=test
export PORT="${E2E_WEB_PORT:-3100}"
export API_PORT="${E2E_API_PORT:-3101}"
export API_URL="http://127.0.0.1:${API_PORT}"
export PUBLIC_WEB_URL="http://127.0.0.1:${PORT}"
export DATABASE_URL="${E2E_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/valuation_e2e}"
export REDIS_PREFIX="${E2E_REDIS_PREFIX:-valuation-e2e}"
export S3_LOCAL_PORT="${E2E_S3_PORT:-9100}"
export S3_LOCAL_DIR=.data/e2e-s3
export S3_ENDPOINT="http://127.0.0.1:${S3_LOCAL_PORT}"
export LOG_LEVEL="${LOG_LEVEL:-warn}"
# No worker metrics server unless asked, so stacks on other ports do not compete for 3002.
export WORKER_HTTP_PORT="${E2E_WORKER_HTTP_PORT:-0}"
# The operators' queue dashboard, opened by its own end-to-end test.
export OPS_USER="${E2E_OPS_USER:-ops}"
export OPS_PASSWORD="${E2E_OPS_PASSWORD:-e2e-operator-password}"
# Customer domains of the tests resolve to loopback in the browser (host-resolver rules).
export WEB_ALLOWED_HOSTS="${WEB_ALLOWED_HOSTS:-.e2e.test}"

node scripts/lib/reset-e2e.js

exec bash scripts/lib/run-stack.sh
