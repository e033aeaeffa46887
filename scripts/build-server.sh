#!/usr/bin/env bash
# Compiles the API, the worker, the command-line tools and the libraries they use to dist/server
# through Nx (swc per project, cached; types are checked by `npm run typecheck`).
set -euo pipefail
cd "$(dirname "$0")/.."
npx nx run-many -t build -p api worker tools domain valuation contracts "tag:scope:server" --outputStyle=static
