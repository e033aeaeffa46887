#!/usr/bin/env bash
# Starts the whole system: dependencies, services, build, migrations, demo data, then the API,
# a worker and the web front end. Ctrl-C stops everything it started.
set -euo pipefail
cd "$(dirname "$0")/.."

node -e 'const [a,b]=process.versions.node.split(".").map(Number); if (a<20||(a===20&&b<19)) { console.error("Node.js 20.19 or newer is required"); process.exit(1) }'
bash scripts/lib/ensure-system-packages.sh
bash scripts/lib/ensure-deps.sh
bash scripts/lib/ensure-services.sh

export PORT="${PORT:-3000}"
export API_PORT="${API_PORT:-3001}"
export API_URL="${API_URL:-http://127.0.0.1:${API_PORT}}"
export LOG_PRETTY="${LOG_PRETTY:-true}"
if [ -z "${S3_ENDPOINT:-}" ]; then
  export S3_LOCAL_PORT="${S3_LOCAL_PORT:-9000}"
  export S3_ENDPOINT="http://127.0.0.1:${S3_LOCAL_PORT}"
  if (exec 3<>"/dev/tcp/127.0.0.1/${S3_LOCAL_PORT}") 2>/dev/null; then
    echo "Port ${S3_LOCAL_PORT} is taken; set S3_ENDPOINT to your S3 server or S3_LOCAL_PORT to a free port." >&2
    exit 1
  fi
fi

echo "Building..."
npm run --silent build:server
npm run --silent build:web -- --logLevel warn

export STACK_BANNER="
  The valuation platform is running: http://localhost:${PORT}
    organisation login  http://localhost:${PORT}/login         demoadmin / demouser / demorent
    channel login       http://localhost:${PORT}/channelLogin  channeladmin / appraiser1
    demo password       Demo@123456  (change it before anyone else can reach this machine)
    API description     http://localhost:${API_PORT}/api/docs
"
exec bash scripts/lib/run-stack.sh
