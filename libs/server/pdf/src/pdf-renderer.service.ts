import { access, constants } from 'node:fs/promises';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { launch, type Browser, type HTTPRequest, type Page, type PDFOptions } from 'puppeteer-core';
import { APP_CONFIG, type AppConfig } from '@valuation/config';
import { PDF_MARGINS, countPdfPages, footerTemplate } from './pdf-document';

/** Default limit of one render (loading the HTML and printing it). */
export const PDF_RENDER_TIMEOUT_MS = 20_000;

/** Debian's Chromium as root in a container, without GPU, /dev/shm or background services. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--font-render-hinting=none',
];

/** Limit of any single DevTools call, so a wedged browser cannot block a caller forever. */
const PROTOCOL_TIMEOUT_MS = 120_000;

/** How long closing a page or the browser may take before it is given up on (the browser is then killed). */
const CLOSE_TIMEOUT_MS = 5_000;

/** The only requests a report may make: its own data: URIs and about:blank. */
const ALLOWED_URL = /^(data|about):/i;

/** Printed once by every page at start, so that fonts and the print path are loaded before the first report. */
const WARM_UP_HTML = `<!doctype html><meta charset="utf-8"><p style="font-family:'WenQuanYi Micro Hei','Noto Sans CJK SC',sans-serif">预热 1</p>`;

export interface PdfRenderOptions {
  /** Plain text on the left of every page's footer (HTML-escaped). */
  footerLeft?: string;
  /** Limit of this render in milliseconds; default PDF_RENDER_TIMEOUT_MS. */
  timeoutMs?: number;
}

export interface PdfRenderResult {
  pdf: Buffer;
  /** Number of pages of the PDF. */
  pages: number;
  /** Milliseconds spent rendering, without the wait for a free page. */
  ms: number;
}

export class PdfRenderTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`PDF rendering took longer than ${timeoutMs} ms and was stopped`);
    this.name = 'PdfRenderTimeoutError';
  }
}

export class PdfRendererClosedError extends Error {
  constructor() {
    super('The PDF renderer is closed');
    this.name = 'PdfRendererClosedError';
  }
}

interface Waiter {
  resolve(): void;
  reject(error: Error): void;
}

/**
 * Turns report HTML into A4 PDFs with one warm Chromium per process and a pool of PDF_PAGES pages.
 * Renders beyond the pool size wait for a free page. Pages run no scripts and load nothing but
 * data: URIs. A page that failed is closed and a new one opened when needed; when Chromium dies,
 * the next render starts a new one, and a render interrupted by the crash is done once more there.
 *
 * Templates must leave page size and margins to the renderer (no `@page { size; margin }`): a CSS
 * margin replaces the renderer's, and the footer with `第 N 页 / 共 M 页` is printed in the bottom one.
 */
@Injectable()
export class PdfRenderer implements OnModuleDestroy {
  private readonly executablePath: string;
  private readonly poolSize: number;
  private readonly logger = new Logger(PdfRenderer.name);
  /** The browser or its launch in progress; null before the first launch and after it went away. */
  private browser: Promise<Browser> | null = null;
  private readonly idle: Page[] = [];
  /** Renders holding one of the poolSize slots. */
  private busy = 0;
  private readonly waiters: Waiter[] = [];
  private readonly running = new Set<Promise<PdfRenderResult>>();
  private closed = false;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'CHROMIUM_PATH' | 'PDF_PAGES'>) {
    this.executablePath = config.CHROMIUM_PATH;
    this.poolSize = config.PDF_PAGES;
  }

  /**
   * Starts Chromium and opens the pool's pages, each printing once, so the first report is as fast
   * as the next. Nothing starts before this or the first render: a process that imports the module
   * without rendering never launches a browser.
   */
  async warm(): Promise<void> {
    try {
      const browser = await this.currentBrowser();
      const pages = await Promise.all(Array.from({ length: this.poolSize }, () => this.openPage(browser)));
      const timeout = () => new PdfRenderTimeoutError(PDF_RENDER_TIMEOUT_MS);
      await Promise.all(pages.map((page) => withTimeout(this.print(page, WARM_UP_HTML), PDF_RENDER_TIMEOUT_MS, timeout)));
      pages.forEach((page) => this.putBack(page));
    } catch (error) {
      // Renders may still launch a browser later; this one, if any, is gone.
      this.idle.length = 0;
      const browser = await this.browser?.catch(() => null);
      this.browser = null;
      if (browser) await this.shutDown(browser);
      throw error;
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.close();
  }

  /**
   * Renders an HTML document to an A4 PDF with the page footer. Rejects with PdfRenderTimeoutError
   * when loading and printing take longer than `timeoutMs`.
   */
  async render(html: string, options: PdfRenderOptions = {}): Promise<PdfRenderResult> {
    if (this.closed) throw new PdfRendererClosedError();
    const task = this.renderInSlot(html, options);
    this.running.add(task);
    try {
      return await task;
    } finally {
      this.running.delete(task);
    }
  }

  /** Refuses renders still waiting for a page, lets running ones finish, then closes Chromium and all its processes. */
  async close(): Promise<void> {
    this.closed = true;
    for (const waiter of this.waiters.splice(0)) waiter.reject(new PdfRendererClosedError());
    await Promise.allSettled([...this.running]);
    this.idle.length = 0;
    const browser = await this.browser?.catch(() => null);
    this.browser = null;
    if (browser) await this.shutDown(browser);
  }

  private async renderInSlot(html: string, options: PdfRenderOptions): Promise<PdfRenderResult> {
    await this.acquire();
    try {
      const started = performance.now();
      const browser = await this.currentBrowser();
      let pdf: Uint8Array;
      try {
        pdf = await this.attempt(browser, html, options);
      } catch (error) {
        if (error instanceof PdfRenderTimeoutError || browser.connected || this.closed) throw error;
        this.logger.warn(`Chromium went away during a render (${errorMessage(error)}); rendering again in a new browser`);
        pdf = await this.attempt(await this.currentBrowser(), html, options);
      }
      return {
        pdf: Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength),
        pages: countPdfPages(pdf),
        ms: Math.round(performance.now() - started),
      };
    } finally {
      this.release();
    }
  }

  /** One render on a pooled page (or a new one); the page goes back to the pool on success and is closed on failure. */
  private async attempt(browser: Browser, html: string, options: PdfRenderOptions): Promise<Uint8Array> {
    const page = this.takeIdlePage(browser) ?? (await this.openPage(browser));
    const timeoutMs = options.timeoutMs ?? PDF_RENDER_TIMEOUT_MS;
    try {
      const pdf = await withTimeout(this.print(page, html, options.footerLeft), timeoutMs, () => new PdfRenderTimeoutError(timeoutMs));
      this.putBack(page);
      return pdf;
    } catch (error) {
      // Closing the page also stops whatever it was still doing after a timeout.
      await this.closePage(page);
      throw error;
    }
  }

  private async print(page: Page, html: string, footerLeft?: string): Promise<Uint8Array> {
    // 'load' also waits for data: images; measured as fast as 'domcontentloaded' for reports.
    await page.setContent(html, { waitUntil: 'load', timeout: 0 });
    return page.pdf(reportPdfOptions(footerLeft));
  }

  private async acquire(): Promise<void> {
    if (this.busy < this.poolSize) {
      this.busy += 1;
      return;
    }
    await new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  /** Hands the slot to the next waiting render, or frees it. */
  private release(): void {
    const next = this.waiters.shift();
    if (next) next.resolve();
    else this.busy -= 1;
  }

  /** The running browser; concurrent callers share one launch, and a failed launch is tried again by the next caller. */
  private currentBrowser(): Promise<Browser> {
    if (this.closed) return Promise.reject(new PdfRendererClosedError());
    if (!this.browser) {
      const launching = this.launchBrowser();
      this.browser = launching;
      launching.then(
        (browser) => browser.once('disconnected', () => this.onDisconnected(browser, launching)),
        () => {
          if (this.browser === launching) this.browser = null;
        },
      );
    }
    return this.browser;
  }

  private async launchBrowser(): Promise<Browser> {
    const started = performance.now();
    let browser: Browser;
    try {
      // Checked first: Puppeteer leaves its temporary profile behind when the executable cannot be started.
      await access(this.executablePath, constants.X_OK);
      browser = await launch({
        executablePath: this.executablePath,
        headless: true,
        args: [...CHROMIUM_ARGS],
        // DevTools over pipes instead of a port: nothing else can connect, and Chromium exits with this process.
        pipe: true,
        // Shutdown is Nest's (onModuleDestroy); Puppeteer still kills the browser if the process exits.
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
        protocolTimeout: PROTOCOL_TIMEOUT_MS,
      });
    } catch (error) {
      throw new Error(`Chromium could not be started from CHROMIUM_PATH=${this.executablePath}: ${errorMessage(error)}`, { cause: error });
    }
    this.logger.log(`Chromium started in ${Math.round(performance.now() - started)} ms (pid ${browser.process()?.pid})`);
    return browser;
  }

  private onDisconnected(browser: Browser, launching: Promise<Browser>): void {
    if (this.browser === launching) this.browser = null;
    for (let i = this.idle.length - 1; i >= 0; i -= 1) {
      if (this.idle[i].browser() === browser) this.idle.splice(i, 1);
    }
    killProcessGroup(browser);
    if (!this.closed) this.logger.warn('Chromium went away; the next render starts a new one');
  }

  private async openPage(browser: Browser): Promise<Page> {
    // Opening a page in a browser that dies meanwhile would otherwise wait for Puppeteer's own timeout.
    const page = await whileConnected(browser, browser.newPage());
    try {
      // A crashed page is never reused.
      page.on('error', () => {
        const index = this.idle.indexOf(page);
        if (index >= 0) this.idle.splice(index, 1);
        void this.closePage(page);
      });
      await page.setJavaScriptEnabled(false);
      await page.setRequestInterception(true);
      page.on('request', allowLocalOnly);
      return page;
    } catch (error) {
      await this.closePage(page);
      throw error;
    }
  }

  private takeIdlePage(browser: Browser): Page | undefined {
    for (let page = this.idle.pop(); page; page = this.idle.pop()) {
      if (page.browser() === browser && !page.isClosed()) return page;
      void this.closePage(page);
    }
    return undefined;
  }

  private putBack(page: Page): void {
    if (this.closed || page.isClosed() || !page.browser().connected || this.idle.length >= this.poolSize) {
      void this.closePage(page);
      return;
    }
    this.idle.push(page);
  }

  private async closePage(page: Page): Promise<void> {
    if (page.isClosed() || !page.browser().connected) return;
    await withTimeout(page.close(), CLOSE_TIMEOUT_MS, () => new Error('page did not close')).catch((error: unknown) => {
      this.logger.warn(`Could not close a browser page: ${errorMessage(error)}`);
    });
  }

  private async shutDown(browser: Browser): Promise<void> {
    try {
      await withTimeout(browser.close(), CLOSE_TIMEOUT_MS, () => new Error(`Chromium did not close within ${CLOSE_TIMEOUT_MS} ms`));
    } catch (error) {
      this.logger.warn(`${errorMessage(error)}; killing it`);
    } finally {
      killProcessGroup(browser);
    }
  }
}

/** How every report is printed: A4 with the renderer's margins and the page footer. */
export function reportPdfOptions(footerLeft?: string): PDFOptions {
  return {
    format: 'A4',
    printBackground: true,
    preferCSSPageSize: false,
    displayHeaderFooter: true,
    headerTemplate: '<span></span>',
    footerTemplate: footerTemplate(footerLeft),
    margin: PDF_MARGINS,
    // Awaits document.fonts.ready in the page before printing.
    waitForFonts: true,
    timeout: 0,
  };
}

function allowLocalOnly(request: HTTPRequest): void {
  const handled = ALLOWED_URL.test(request.url()) ? request.continue() : request.abort('blockedbyclient');
  handled.catch(() => undefined);
}

/**
 * Kills Chromium with its helper processes (Puppeteer starts it as the leader of its own process
 * group), unless it has already exited; until Node has seen the exit, its pid cannot belong to anyone else.
 */
function killProcessGroup(browser: Browser): void {
  const child = browser.process();
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

/** Rejects as soon as the browser goes away instead of waiting for `work`. */
async function whileConnected<T>(browser: Browser, work: Promise<T>): Promise<T> {
  let onGone = (): void => undefined;
  const gone = new Promise<never>((_, reject) => {
    onGone = () => reject(new Error('Chromium went away'));
    if (browser.connected) browser.once('disconnected', onGone);
    else onGone();
  });
  try {
    return await Promise.race([work, gone]);
  } finally {
    browser.off('disconnected', onGone);
  }
}

async function withTimeout<T>(work: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
