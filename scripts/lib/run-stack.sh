#!/usr/bin/env bash
# Runs the built system in the foreground: the loopback S3 server (when S3_LOCAL_PORT is set),
# migrations, demo data, then the API, a worker and the web server on PORT. Prints STACK_BANNER
# once the API is ready. Stops everything when one process ends or on Ctrl-C.
set -euo pipefail
cd "$(dirname "$0")/../.."

pids=()
cleanup() {
  trap - EXIT INT TERM
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap cleanup EXIT INT TERM

if [ -n "${S3_LOCAL_PORT:-}" ]; then
  node libs/testing/src/loopback-s3.js &
  pids+=($!)
fi
node dist/server/scripts/lib/migrate.js
node dist/server/scripts/lib/seed-demo.js

node dist/server/apps/api/src/main.js &
pids+=($!)
node dist/server/apps/worker/src/main.js &
pids+=($!)
node_modules/.bin/vite preview --config apps/web/vite.config.ts --port "$PORT" --strictPort --logLevel warn &
pids+=($!)

ready="http://127.0.0.1:${API_PORT}/api/health/ready"
for _ in $(seq 1 60); do
  if node -e "fetch('$ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"; then
    [ -n "${STACK_BANNER:-}" ] && printf '%s\n' "$STACK_BANNER"
    break
  fi
  sleep 1
done

wait -n "${pids[@]}"
echo "A process stopped; shutting down." >&2
exit 1
