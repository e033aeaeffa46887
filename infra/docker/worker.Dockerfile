# syntax=docker/dockerfile:1
# Worker image (queues, PDF rendering with the system Chromium). Build from the repository root:
#   docker build -f infra/docker/worker.Dockerfile -t valuation/worker .
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS base
ARG NPM_VERSION=11
ENV NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false \
    SCARF_ANALYTICS=false \
    PUPPETEER_SKIP_DOWNLOAD=true
RUN npm install --global "npm@${NPM_VERSION}"
WORKDIR /app
COPY package.json package-lock.json ./

FROM base AS build
# `npm ci` rejects this lock file because it lists only the Linux builds of some platform-specific
# optional packages; `npm install --no-save` installs the same locked versions without rewriting it.
RUN --mount=type=cache,target=/root/.npm npm install --no-save
COPY .swcrc tsconfig.base.json tsconfig.json ./
COPY libs ./libs
COPY apps/api ./apps/api
COPY apps/worker ./apps/worker
COPY scripts ./scripts
RUN npm run build:server

FROM base AS prod-deps
RUN --mount=type=cache,target=/root/.npm npm install --no-save --omit=dev

FROM ${NODE_IMAGE} AS runtime
# Chromium renders the PDF reports; without a CJK font the Chinese text comes out as empty boxes.
# tini reaps the browser's child processes and forwards SIGTERM to node only, so active jobs
# (and the renders inside them) finish before the process exits.
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      chromium fonts-wqy-microhei fonts-noto-cjk fonts-liberation tini \
 && rm -rf /var/lib/apt/lists/*
# The V8 heap capped at half the worker container's 2 GiB limit (V8 would size it from the host's memory),
# with 32 MB semi-spaces: batch valuation allocates fast, and smaller ones spend a second of CPU more
# per 10,000 rows on garbage collection.
ENV NODE_ENV=production \
    NODE_OPTIONS="--enable-source-maps --max-old-space-size=1024 --max-semi-space-size=32" \
    PUPPETEER_EXECUTABLE_PATH=/usr/bin/chromium \
    WORKER_QUEUES=all \
    WORKER_HTTP_PORT=3002
WORKDIR /app
COPY package.json ./
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/dist/server ./dist/server
USER node
EXPOSE 3002
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.WORKER_HTTP_PORT||3002)+'/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "dist/server/apps/worker/src/main.js"]
