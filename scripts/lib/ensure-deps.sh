#!/usr/bin/env bash
# Installs the npm dependencies when node_modules is missing or older than the lock file.
# `npm install` (not `npm ci`): the lock holds only the platform packages this registry serves,
# which `npm ci` refuses; `npm install` still installs the locked versions.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "Installing npm dependencies..."
  npm install --no-save --no-audit --no-fund
fi
