import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const repoRoot = path.resolve(__dirname, '../..');

const port = Number(process.env.WEB_PORT || process.env.PORT || 3000);
const host = process.env.WEB_HOST || '127.0.0.1';
const apiUrl = process.env.API_URL || 'http://127.0.0.1:3001';

/* The Host header is kept (changeOrigin false): the API resolves tenant branding from it. */
const proxy = {
  '/api': { target: apiUrl, changeOrigin: false },
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

export default defineConfig({
  root: __dirname,
  base: '/',
  plugins: [react()],
  resolve: {
    alias: {
      '@valuation/domain': path.join(repoRoot, 'libs/domain/src/index.ts'),
      '@valuation/contracts': path.join(repoRoot, 'libs/contracts/src/index.ts'),
      '@valuation/ui': path.join(repoRoot, 'libs/ui/src/index.ts'),
    },
  },
  server: { port, host, strictPort: true, proxy, allowedHosts },
  preview: { port, host, strictPort: true, proxy, allowedHosts },
  build: {
    outDir: path.join(repoRoot, 'dist/web'),
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
