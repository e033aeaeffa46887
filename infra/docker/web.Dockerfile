# syntax=docker/dockerfile:1
# Web image: the static Vite build served by nginx, which also proxies /api/ to the API.
#   docker build -f infra/docker/web.Dockerfile -t valuation/web .
# Runtime settings: API_UPSTREAM (host:port of the API, default api:3001); REAL_IP_FROM (address
# or CIDR range of a load balancer in front whose X-Forwarded-For is believed, default 127.0.0.1:
# none, the connection's peer is the client).
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
ARG NPM_VERSION=11
ENV NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false \
    SCARF_ANALYTICS=false \
    PUPPETEER_SKIP_DOWNLOAD=true
RUN npm install --global "npm@${NPM_VERSION}"
WORKDIR /app
COPY package.json package-lock.json ./
# `npm ci` rejects this lock file because it lists only the Linux builds of some platform-specific
# optional packages; `npm install --no-save` installs the same locked versions without rewriting it.
RUN --mount=type=cache,target=/root/.npm npm install --no-save
COPY tsconfig.base.json tsconfig.json ./
COPY libs ./libs
COPY apps/web ./apps/web
RUN npm run build:web

FROM nginx:1.27-alpine AS runtime
# Unprivileged: nginx runs as the image's "nginx" user on port 8080. The entrypoint renders
# /etc/nginx/templates/*.template into /etc/nginx/conf.d, so that directory must be writable.
RUN rm -f /etc/nginx/conf.d/default.conf \
 && sed -i -e '/^user /d' -e 's,^pid .*,pid /tmp/nginx.pid;,' /etc/nginx/nginx.conf \
 && chown -R nginx:nginx /var/cache/nginx /etc/nginx/conf.d
COPY infra/docker/nginx.conf /etc/nginx/templates/default.conf.template
COPY --from=build /app/dist/web /usr/share/nginx/html
ENV API_UPSTREAM=api:3001 \
    REAL_IP_FROM=127.0.0.1
USER nginx
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=5s --retries=3 \
  CMD ["wget", "-q", "-O", "/dev/null", "http://127.0.0.1:8080/healthz"]
