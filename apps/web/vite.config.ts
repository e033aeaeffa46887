import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, loadEnv, type Plugin, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { tileConfigFrom } from './src/app/map/map-config';
import { HSTS, webSecurityHeaders } from './src/app/security/web-headers';

const repoRoot = path.resolve(__dirname, '../..');

const port = Number(process.env.WEB_PORT || process.env.PORT || 3000);
const host = process.env.WEB_HOST || '127.0.0.1';
const apiUrl = process.env.API_URL || 'http://127.0.0.1:3001';

/*
 * The Host header is kept (changeOrigin false): the API resolves tenant branding from it. The API
 * believes X-Forwarded-For and X-Forwarded-Host from this server (TRUST_PROXY, loopback by default),
 * so they are set here from the connection, never passed on from the client, who could otherwise
 * pick the address its rate limits and login throttling count against.
 */
const proxy: Record<string, ProxyOptions> = {
  '/api': {
    target: apiUrl,
    changeOrigin: false,
    configure(server) {
      server.on('proxyReq', (proxyReq, req) => {
        proxyReq.setHeader('X-Forwarded-For', req.socket.remoteAddress ?? '');
        if (req.headers.host) proxyReq.setHeader('X-Forwarded-Host', req.headers.host);
        else proxyReq.removeHeader('X-Forwarded-Host');
      });
    },
  },
};

/*
 * Vite answers only localhost unless told otherwise (a DNS-rebinding guard); customer domains
 * pointed at a dev or preview server are listed in WEB_ALLOWED_HOSTS (`all` for any host).
 */
const allowedHostsEnv = (process.env.WEB_ALLOWED_HOSTS ?? '').trim();
const allowedHosts: true | string[] | undefined =
  allowedHostsEnv === 'all'
    ? true
    : allowedHostsEnv
      ? allowedHostsEnv
          .split(',')
          .map((h) => h.trim())
          .filter(Boolean)
      : undefined;

/*
 * The shared libraries' modules only declare things (schemas, code tables, components): a module
 * is bundled only where something it exports is used, so each page's rules and widgets stay in
 * that page's chunk instead of the entry.
 */
const sharedLibraries = ['libs/domain/src/', 'libs/contracts/src/', 'libs/ui/src/'].map((dir) => path.join(repoRoot, dir));
const sideEffectFreeLibraries: Plugin = {
  name: 'side-effect-free-libraries',
  apply: 'build',
  transform(code, id) {
    return sharedLibraries.some((dir) => id.startsWith(dir)) ? { code, map: null, moduleSideEffects: false } : null;
  },
};

const outDir = path.join(repoRoot, 'dist/web');

/*
 * Caching by `vite preview` (what `npm start` serves), as nginx does in the web image: the
 * content-hashed bundles under /assets never change under the same name, so browsers keep them a
 * year without asking again; index.html and everything else is revalidated on each visit, so a
 * new deployment is picked up at once. The API's own responses are left alone.
 */
const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
const previewCacheHeaders: Plugin = {
  name: 'preview-cache-headers',
  configurePreviewServer(server) {
    server.middlewares.use((req, res, next) => {
      const pathname = (req.url ?? '/').split('?')[0];
      if (pathname.startsWith('/api/')) return next();
      const asset = pathname.startsWith('/assets/') && fs.existsSync(path.join(outDir, path.normalize(pathname)));
      res.setHeader('Cache-Control', asset ? IMMUTABLE_CACHE : 'no-cache');
      next();
    });
  },
};

/*
 * Security headers of what `vite preview` serves itself (the page and its files): the
 * Content-Security-Policy allows the map tiles of the build (VITE_MAP_TILE_URL), as nginx does in
 * the web image. HSTS only on answers that went over HTTPS (here, or at a proxy that says so); the
 * dev server sends none, since its page has inline scripts.
 */
const previewHeaders = webSecurityHeaders(tileConfigFrom(loadEnv('production', __dirname, 'VITE_')).url);
const previewHsts: Plugin = {
  name: 'preview-hsts',
  configurePreviewServer(server) {
    server.middlewares.use((req, res, next) => {
      const encrypted = 'encrypted' in req.socket && req.socket.encrypted === true;
      if (!(req.url ?? '/').startsWith('/api/') && (encrypted || req.headers['x-forwarded-proto'] === 'https')) {
        res.setHeader('Strict-Transport-Security', HSTS);
      }
      next();
    });
  },
};

export default defineConfig({
  root: __dirname,
  base: '/',
  plugins: [react(), sideEffectFreeLibraries, previewCacheHeaders, previewHsts],
  resolve: {
    alias: {
      '@valuation/domain': path.join(repoRoot, 'libs/domain/src/index.ts'),
      '@valuation/contracts': path.join(repoRoot, 'libs/contracts/src/index.ts'),
      '@valuation/ui': path.join(repoRoot, 'libs/ui/src/index.ts'),
    },
  },
  server: { port, host, strictPort: true, proxy, allowedHosts },
  preview: { port, host, strictPort: true, proxy, allowedHosts, headers: previewHeaders },
  build: {
    outDir,
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      onwarn(warning, warn) {
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return;
        warn(warning);
      },
    },
  },
});
