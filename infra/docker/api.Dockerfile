# syntax=docker/dockerfile:1
# API image. Build from the repository root:
#   docker build -f infra/docker/api.Dockerfile -t valuation/api .
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
# V8 sizes its heap from the host's memory, not the container's: capped at half the API
# container's 1 GiB limit, garbage (an export's rows once written) is collected long before it.
ENV NODE_ENV=production \
    NODE_OPTIONS="--enable-source-maps --max-old-space-size=512" \
    API_HOST=0.0.0.0 \
    API_PORT=3001
WORKDIR /app
# Files stay owned by root: the process only reads them.
COPY package.json ./
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/dist/server ./dist/server
USER node
EXPOSE 3001
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.API_PORT||3001)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The migrate one-shot reuses this image: node dist/server/scripts/lib/migrate.js
CMD ["node", "dist/server/apps/api/src/main.js"]
