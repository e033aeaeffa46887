#!/usr/bin/env bash
# Runs the built system in the foreground: the loopback S3 server (when S3_LOCAL_PORT is set),
# migrations, demo data, then the API, a worker and the web server on PORT. Prints STACK_BANNER
# once the API is ready. An API or worker process that stops is started again after a pause
# (1 s, doubling up to 30 s while it keeps stopping within a minute; after 5 such stops in a row
# everything stops). Ctrl-C or SIGTERM stops everything, and so does the end of the S3 or web server.
set -euo pipefail
cd "$(dirname "$0")/../.."

pids=()
cleanup() {
  trap - EXIT INT TERM
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# supervise NAME COMMAND...: runs the command, and again whenever it ends, until it is stopped
# (SIGTERM), which stops the command too, or this script is gone.
supervise() {
  local name=$1 delay=1 quick=0 started status
  shift
  trap 'kill $(jobs -p) 2>/dev/null || true; wait; exit 0' TERM
  while :; do
    started=$SECONDS
    "$@" &
    status=0
    wait $! || status=$?
    if ((SECONDS - started >= 60)); then
      delay=1
      quick=0
    fi
    quick=$((quick + 1))
    if ((quick >= 5)); then
      echo "$name stopped (exit status $status) 5 times in a row soon after starting; giving up." >&2
      exit 1
    fi
    echo "$name stopped (exit status $status); starting it again in ${delay} s." >&2
    sleep "$delay" &
    wait $! || true
    kill -0 $$ 2>/dev/null || exit 0
    delay=$((delay * 2 > 30 ? 30 : delay * 2))
  done
}

if [ -n "${S3_LOCAL_PORT:-}" ]; then
  node libs/testing/src/loopback-s3.js &
  pids+=($!)
fi
node dist/server/scripts/lib/migrate.js
node dist/server/scripts/lib/seed-demo.js

# The heap limits of the API and worker images (infra/docker), so garbage goes as it does there.
supervise API node --max-old-space-size=512 dist/server/apps/api/src/main.js &
pids+=($!)
supervise Worker node --max-old-space-size=1024 --max-semi-space-size=32 dist/server/apps/worker/src/main.js &
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

wait -n "${pids[@]}" || true
echo "A process stopped; shutting down." >&2
exit 1
