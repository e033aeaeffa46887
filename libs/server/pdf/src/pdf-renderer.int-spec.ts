import { execFile as execFileCallback, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Test, type TestingModule } from '@nestjs/testing';
import { ConfigModule, loadConfig } from '@valuation/config';
import { PdfModule } from './pdf.module';
import { PdfRenderer, PdfRendererClosedError, PdfRenderTimeoutError } from './pdf-renderer.service';

const execFile = promisify(execFileCallback);

const BODY_TEXT = '估价对象位于北京市朝阳区望京街道，周边配套成熟，交通便利。';
const CONCLUSION = '估价结论：人民币陆佰伍拾贰万叁仟元整';
/** A 1×1 PNG. */
const DATA_IMAGE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** A report of `pages` pages: Chinese text, an inline SVG chart and a data: image. */
function report(pages: number, extra = ''): string {
  const sections = Array.from({ length: pages }, (_, i) => {
    const breakBefore = i === 0 ? '' : ' style="break-before:page"';
    return `<section${breakBefore}><h2>第${i + 1}部分</h2><p>${BODY_TEXT}</p></section>`;
  }).join('');
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
    <style>body{font-family:'Noto Sans CJK SC',sans-serif;font-size:11pt}</style></head>
    <body><h1>房地产估价报告</h1><img src="${DATA_IMAGE}" style="width:20mm;height:20mm">
    <svg width="200" height="60"><rect width="120" height="40" fill="#1c7ed6"/><text x="4" y="55" font-size="12">小区均价走势</text></svg>
    ${extra}${sections}<p>${CONCLUSION}</p></body></html>`;
}

/**
 * The footer `第 N 页 / 共 M 页`. pdftotext drops the spaces of a line whose words are all single,
 * evenly spaced characters (its rule for letter-spaced CJK text), so they are optional here.
 */
function footer(page: number, of: number): RegExp {
  return new RegExp(`第 ?${page} ?页 ?/ ?共 ?${of} ?页`);
}

interface ProcessRow {
  pid: number;
  ppid: number;
  pgid: number;
  zombie: boolean;
  comm: string;
}

function processes(): ProcessRow[] {
  return execFileSync('ps', ['-eo', 'pid=,ppid=,pgid=,stat=,comm='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields.length >= 5)
    .map(([pid, ppid, pgid, stat, comm]) => ({
      pid: Number(pid),
      ppid: Number(ppid),
      pgid: Number(pgid),
      zombie: stat.startsWith('Z'),
      comm,
    }));
}

/** Running Chromium browsers started by this process (Puppeteer's browser is a direct child). */
function ourBrowsers(): number[] {
  return processes()
    .filter((p) => p.ppid === process.pid && p.comm.startsWith('chromium') && !p.zombie)
    .map((p) => p.pid);
}

/** Live processes of a browser: Puppeteer starts it as the leader of its own process group. */
function liveGroup(browserPid: number): ProcessRow[] {
  return processes().filter((p) => p.pgid === browserPid && !p.zombie);
}

async function waitUntil(condition: () => boolean, ms = 5000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

describe('PdfRenderer (Chromium)', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-renderer-'));
  let file = 0;

  async function poppler(tool: string, pdf: Buffer, ...args: string[]): Promise<string> {
    const target = path.join(tmp, `${(file += 1)}.pdf`);
    fs.writeFileSync(target, pdf);
    const { stdout } = await execFile(tool, [...args, target, ...(tool === 'pdftotext' ? ['-'] : [])]);
    return stdout;
  }

  async function start(pdfPages: number): Promise<{ moduleRef: TestingModule; renderer: PdfRenderer }> {
    process.env.PDF_PAGES = String(pdfPages);
    try {
      const moduleRef = await Test.createTestingModule({ imports: [ConfigModule, PdfModule] }).compile();
      await moduleRef.init();
      const renderer = moduleRef.get(PdfRenderer);
      await renderer.warm();
      return { moduleRef, renderer };
    } finally {
      delete process.env.PDF_PAGES;
    }
  }

  afterAll(() => {
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  describe('with the default pool', () => {
    let moduleRef: TestingModule;
    let renderer: PdfRenderer;

    beforeAll(async () => {
      ({ moduleRef, renderer } = await start(2));
    });

    afterAll(async () => {
      await moduleRef?.close();
    });

    it('renders Chinese text, the footer and a data: image on A4 pages', async () => {
      const result = await renderer.render(report(2), { footerLeft: '北京示范银行 <估价部> & 合作方' });
      expect(result.pages).toBe(2);
      expect(result.ms).toBeGreaterThan(0);
      expect(result.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

      const text = await poppler('pdftotext', result.pdf);
      expect(text).toContain('房地产估价报告');
      expect(text).toContain(BODY_TEXT);
      expect(text).toContain(CONCLUSION);
      expect(text).toContain('小区均价走势');
      expect(text).toMatch(footer(1, 2));
      expect(text).toMatch(footer(2, 2));
      expect(text).toContain('北京示范银行 <估价部> & 合作方');

      const info = await poppler('pdfinfo', result.pdf);
      expect(info).toMatch(/^Pages:\s+2$/m);
      const size = /^Page size:\s+([\d.]+) x ([\d.]+) pts \(A4\)$/m.exec(info);
      expect(size).not.toBeNull();
      // Chromium rounds the paper size slightly (595.92 x 841.92); pdfinfo still names it A4.
      expect(Math.abs(Number(size?.[1]) - 595.28)).toBeLessThan(1);
      expect(Math.abs(Number(size?.[2]) - 841.89)).toBeLessThan(1);

      const fonts = (await poppler('pdffonts', result.pdf))
        .split('\n')
        .slice(2)
        .filter((line) => line.trim());
      expect(fonts.length).toBeGreaterThan(0);
      for (const line of fonts) expect(line).toMatch(/\s+yes\s+(yes|no)\s+yes\s+\d+\s+\d+$/);

      const images = (await poppler('pdfimages', result.pdf, '-list')).split('\n').slice(2);
      expect(images.filter((line) => /^\s*\d+\s+\d+\s+image\s/.test(line))).toHaveLength(1);
    });

    it('counts the pages of a long report like pdfinfo', async () => {
      const result = await renderer.render(report(13));
      expect(result.pages).toBe(13);
      expect(await poppler('pdfinfo', result.pdf)).toMatch(/^Pages:\s+13$/m);
      const text = await poppler('pdftotext', result.pdf);
      expect(text).toMatch(footer(9, 13));
      expect(text).toMatch(footer(13, 13));
    });

    it('fetches nothing over the network and does not wait for it', async () => {
      let requests = 0;
      // Answers nothing: a page that waited for it would hang until the render timeout.
      const server = http.createServer(() => {
        requests += 1;
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as { port: number };
      try {
        const remote =
          `<img src="http://127.0.0.1:${port}/logo.png"><link rel="stylesheet" href="http://127.0.0.1:${port}/a.css">` +
          `<div style="background:url(http://127.0.0.1:${port}/bg.png)">背景</div>` +
          `<iframe src="http://127.0.0.1:${port}/frame"></iframe><script src="http://127.0.0.1:${port}/a.js"></script>`;
        const started = Date.now();
        const result = await renderer.render(report(1, remote), { timeoutMs: 10_000 });
        expect(Date.now() - started).toBeLessThan(5000);
        expect(result.pages).toBe(1);
        expect(await poppler('pdftotext', result.pdf)).toContain(BODY_TEXT);
        expect(requests).toBe(0);
      } finally {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    });

    it('runs no scripts', async () => {
      const result = await renderer.render(
        report(1, '<p id="x">原文</p><script>document.getElementById("x").textContent = "脚本改写"</script>'),
      );
      const text = await poppler('pdftotext', result.pdf);
      expect(text).toContain('原文');
      expect(text).not.toContain('脚本改写');
    });

    it('rejects a render that takes too long and keeps working', async () => {
      await expect(renderer.render(report(3), { timeoutMs: 1 })).rejects.toThrow(PdfRenderTimeoutError);
      await expect(renderer.render(report(3), { timeoutMs: 1 })).rejects.toThrow('PDF rendering took longer than 1 ms and was stopped');
      expect((await renderer.render(report(1))).pages).toBe(1);
    });

    it('starts a new browser after Chromium was killed', async () => {
      const [browserPid] = ourBrowsers();
      expect(ourBrowsers()).toHaveLength(1);
      process.kill(browserPid, 'SIGKILL');

      const result = await renderer.render(report(2));
      expect(result.pages).toBe(2);
      expect(await poppler('pdftotext', result.pdf)).toContain(BODY_TEXT);
      expect(ourBrowsers()).toHaveLength(1);
      expect(ourBrowsers()[0]).not.toBe(browserPid);
      expect(await waitUntil(() => liveGroup(browserPid).length === 0)).toBe(true);
    });

    it('finishes a render interrupted by a crash, and renders waiting for a page', async () => {
      const [browserPid] = ourBrowsers();
      const renders = [1, 2, 3, 4].map((pages) => renderer.render(report(pages)));
      await new Promise((resolve) => setTimeout(resolve, 30));
      process.kill(browserPid, 'SIGKILL');
      expect((await Promise.all(renders)).map((r) => r.pages)).toEqual([1, 2, 3, 4]);
      expect(ourBrowsers()).toHaveLength(1);
    });

    it('leaves no Chromium process behind when closed', async () => {
      const [browserPid] = ourBrowsers();
      expect(liveGroup(browserPid).length).toBeGreaterThan(1);
      await moduleRef.close();
      expect(await waitUntil(() => liveGroup(browserPid).length === 0)).toBe(true);
      expect(ourBrowsers()).toEqual([]);
      await expect(renderer.render(report(1))).rejects.toThrow(PdfRendererClosedError);
    });
  });

  describe('with PDF_PAGES=1', () => {
    let moduleRef: TestingModule;
    let renderer: PdfRenderer;

    beforeAll(async () => {
      ({ moduleRef, renderer } = await start(1));
    });

    afterAll(async () => {
      await moduleRef?.close();
    });

    it('queues concurrent renders on the single page', async () => {
      type Printer = { print(...args: unknown[]): Promise<Uint8Array> };
      const print = (PdfRenderer.prototype as unknown as Printer).print;
      let printing = 0;
      let mostAtOnce = 0;
      const spy = jest.spyOn(renderer as unknown as Printer, 'print').mockImplementation(async function (
        this: Printer,
        ...args: unknown[]
      ) {
        printing += 1;
        mostAtOnce = Math.max(mostAtOnce, printing);
        try {
          return await print.apply(this, args);
        } finally {
          printing -= 1;
        }
      });
      try {
        const [first, second] = await Promise.all([renderer.render(report(1)), renderer.render(report(2))]);
        expect(first.pages).toBe(1);
        expect(second.pages).toBe(2);
        expect(await poppler('pdftotext', second.pdf)).toMatch(footer(2, 2));
        expect(mostAtOnce).toBe(1);
      } finally {
        spy.mockRestore();
      }
    });

    it('leaves no Chromium process behind when closed', async () => {
      const [browserPid] = ourBrowsers();
      await moduleRef.close();
      expect(await waitUntil(() => liveGroup(browserPid).length === 0)).toBe(true);
      expect(ourBrowsers()).toEqual([]);
    });
  });

  describe('without module start', () => {
    it('launches one browser for concurrent first renders', async () => {
      const renderer = new PdfRenderer({ ...loadConfig(), PDF_PAGES: 2 });
      try {
        const results = await Promise.all([1, 1, 2].map((pages) => renderer.render(report(pages))));
        expect(results.map((r) => r.pages)).toEqual([1, 1, 2]);
        expect(ourBrowsers()).toHaveLength(1);
      } finally {
        await renderer.close();
      }
      expect(ourBrowsers()).toEqual([]);
    });

    it('fails each render with the path while Chromium cannot be launched, and refuses renders once closed', async () => {
      const renderer = new PdfRenderer({ CHROMIUM_PATH: '/nonexistent/chromium', PDF_PAGES: 1 });
      await expect(renderer.warm()).rejects.toThrow('Chromium could not be started from CHROMIUM_PATH=/nonexistent/chromium');
      await expect(renderer.render(report(1))).rejects.toThrow('Chromium could not be started from CHROMIUM_PATH=/nonexistent/chromium');
      await renderer.close();
      await expect(renderer.render(report(1))).rejects.toThrow(PdfRendererClosedError);
    });
  });
});
