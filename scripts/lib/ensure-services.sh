#!/usr/bin/env bash
# Makes sure PostgreSQL and Redis answer on their local default addresses, starting the
# machine's own services when they are installed but stopped. Remote URLs are only checked.
set -euo pipefail

pg_url="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/valuation}"
redis_url="${REDIS_URL:-redis://127.0.0.1:6379/0}"

pg_host=$(node -e 'const u=new URL(process.argv[1]);console.log(u.hostname||"127.0.0.1")' "$pg_url")
pg_port=$(node -e 'const u=new URL(process.argv[1]);console.log(u.port||5432)' "$pg_url")
redis_host=$(node -e 'const u=new URL(process.argv[1]);console.log(u.hostname||"127.0.0.1")' "$redis_url")
redis_port=$(node -e 'const u=new URL(process.argv[1]);console.log(u.port||6379)' "$redis_url")

port_open() { (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; }
is_local() { [[ "$1" == "127.0.0.1" || "$1" == "localhost" || "$1" == "::1" ]]; }

wait_port() {
  for _ in $(seq 1 30); do port_open "$1" "$2" && return 0; sleep 1; done
  return 1
}

if ! port_open "$pg_host" "$pg_port"; then
  if is_local "$pg_host" && command -v pg_ctlcluster >/dev/null && [ -d /etc/postgresql ]; then
    echo "Starting PostgreSQL..."
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start || true
  fi
  wait_port "$pg_host" "$pg_port" || { echo "PostgreSQL does not answer on $pg_host:$pg_port" >&2; exit 1; }
fi

if ! port_open "$redis_host" "$redis_port"; then
  if is_local "$redis_host" && command -v redis-server >/dev/null; then
    echo "Starting Redis..."
    mkdir -p /var/lib/redis /var/log/redis 2>/dev/null || true
    redis-server --daemonize yes --bind 127.0.0.1 -::1 --port "$redis_port" --save "" --appendonly no \
      --dir /var/lib/redis --logfile /var/log/redis/ci.log || true
  fi
  wait_port "$redis_host" "$redis_port" || { echo "Redis does not answer on $redis_host:$redis_port" >&2; exit 1; }
fi
echo "PostgreSQL ($pg_host:$pg_port) and Redis ($redis_host:$redis_port) are up."
