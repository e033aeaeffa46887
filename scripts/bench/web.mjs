/**
 * Size of the web bundle: builds the web into dist/bench-web and prints the gzip size of the
 * JavaScript the login page needs (the entry chunk, its static imports, which index.html
 * preloads, and the chunk holding the login page with its static imports), the largest route
 * chunk, the target measured against in the same run and the ratio, and which packages the
 * login page carries. Also says whether any package the web must not ship is in the build.
 *
 *   npm run bench:web [-- --limit-kb 200]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Buffer } from 'node:buffer';
import zlib from 'node:zlib';
import { build } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const outDir = path.join(root, 'dist/bench-web');
const loginPage = path.join(root, 'apps/web/src/modules/auth/pages/LoginPage.tsx');

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}
const limitKb = Number(arg('limit-kb', '200'));
const limitBytes = limitKb * 1000;

/** Packages that only the login-less pages may load (maps, charts) or that the web never ships. */
const LATE_PACKAGES = ['leaflet', 'recharts', '@mantine/charts', 'd3-'];
const FORBIDDEN_PACKAGES = [
  'xstate',
  'typeorm',
  'pg',
  'ioredis',
  'bullmq',
  'minio',
  'puppeteer-core',
  'exceljs',
  '@e965/xlsx',
  'express',
  'multer',
  '@nestjs/',
  'jsonwebtoken',
  'bcryptjs',
];

/** Sizes as Vite's build report gives them: gzip at the default level, kB of 1000 bytes. */
const gzipSize = (code) => zlib.gzipSync(Buffer.from(code)).length;
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/** The npm package a module id belongs to, or `app` for the repository's own sources. */
function packageOf(id) {
  const clean = id.replace(/^\0/, '').split('?')[0];
  const at = clean.lastIndexOf('node_modules/');
  if (at < 0) return clean.startsWith(root) ? 'app' : clean;
  const rest = clean.slice(at + 'node_modules/'.length).split('/');
  return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
}

const matches = (pkg, pattern) => (pattern.endsWith('/') || pattern.endsWith('-') ? pkg.startsWith(pattern) : pkg === pattern);

async function main() {
  const started = Date.now();
  const result = await build({
    configFile: path.join(root, 'apps/web/vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  const outputs = Array.isArray(result) ? result : [result];
  const chunks = outputs.flatMap((o) => o.output).filter((o) => o.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const size = new Map(chunks.map((c) => [c.fileName, gzipSize(c.code)]));

  /** A chunk and every chunk it imports statically (what the browser fetches with it). */
  const closure = (fileName, into = new Set()) => {
    if (into.has(fileName)) return into;
    into.add(fileName);
    for (const dep of byFile.get(fileName)?.imports ?? []) closure(dep, into);
    return into;
  };
  const sum = (files) => [...files].reduce((n, f) => n + (size.get(f) ?? 0), 0);

  const entry = chunks.find((c) => c.isEntry);
  if (!entry) throw new Error('the build has no entry chunk');
  const initial = closure(entry.fileName);

  const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]);
  const missing = preloaded.filter((f) => !initial.has(f));
  if (missing.length) throw new Error(`index.html preloads chunks outside the entry's imports: ${missing.join(', ')}`);

  const loginChunk = chunks.find((c) => Object.keys(c.modules).includes(loginPage));
  if (!loginChunk) throw new Error(`no chunk holds ${path.relative(root, loginPage)}`);
  const login = closure(loginChunk.fileName, new Set(initial));
  const loginLazy = [...login].filter((f) => !initial.has(f));
  const loginBytes = sum(login);

  const routes = chunks
    .filter((c) => c.isDynamicEntry && c !== loginChunk)
    .map((c) => {
      const own = [...closure(c.fileName)].filter((f) => !initial.has(f));
      return { chunk: c, gzip: size.get(c.fileName), withImports: sum(own) };
    })
    .sort((a, b) => b.gzip - a.gzip);

  const packagesIn = (files) => {
    const bytes = new Map();
    for (const f of files) {
      for (const [id, m] of Object.entries(byFile.get(f)?.modules ?? {})) {
        if (m.renderedLength === 0) continue;
        const pkg = packageOf(id);
        bytes.set(pkg, (bytes.get(pkg) ?? 0) + m.renderedLength);
      }
    }
    return bytes;
  };
  const loginPackages = packagesIn(login);
  const allPackages = packagesIn(byFile.keys());

  const total = sum(byFile.keys());
  const ratio = loginBytes / limitBytes;
  console.log(
    `web build: ${chunks.length} JavaScript chunks, ${kb(total)} gzip in all (built in ${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
  console.log(`entry chunk ${entry.fileName}: ${kb(size.get(entry.fileName))} gzip; index.html preloads ${preloaded.length} more`);
  console.log(
    `login page JS: ${kb(loginBytes)} gzip in ${login.size} files (entry and its imports ${kb(sum(initial))}, ` +
      `login route chunks ${loginLazy.length ? `${kb(sum(loginLazy))}: ${loginLazy.join(', ')}` : 'none, the login page is in the entry'})`,
  );
  console.log(
    `target: login page JS at most ${limitKb} kB gzip; ratio ${ratio.toFixed(2)} (figure / limit) ${ratio <= 1 ? 'within' : 'OVER'} the target`,
  );
  if (routes.length) {
    const describe = (r) => `${r.chunk.fileName} (${path.relative(root, r.chunk.facadeModuleId ?? r.chunk.fileName)})`;
    const top = routes[0];
    const heaviest = routes.reduce((a, b) => (b.withImports > a.withImports ? b : a));
    console.log(
      `largest route chunk: ${describe(top)} ${kb(top.gzip)} gzip (${kb(top.withImports)} with the chunks it imports beyond the entry); ${routes.length} route chunks`,
    );
    console.log(`heaviest route with its imports beyond the entry: ${describe(heaviest)} ${kb(heaviest.withImports)} gzip`);
  } else {
    console.log('largest route chunk: none, every page is in the entry');
  }

  const topLogin = [...loginPackages.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12);
  console.log(`login page packages (bytes rendered before minification): ${topLogin.map(([p, n]) => `${p} ${kb(n)}`).join(', ')}`);
  const late = [...loginPackages.keys()].filter((p) => LATE_PACKAGES.some((l) => matches(p, l)));
  console.log(`maps and charts in the login page JS: ${late.length ? late.join(', ') : 'none'}`);
  const forbidden = [...allPackages.keys()].filter((p) => FORBIDDEN_PACKAGES.some((l) => matches(p, l)));
  console.log(`server-only packages and xstate in the web build: ${forbidden.length ? forbidden.join(', ') : 'none'}`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
