import { configure } from '@testing-library/dom';

/* What Mantine needs from a browser and jsdom lacks. */

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

window.HTMLElement.prototype.scrollIntoView = function scrollIntoView() {};
Object.defineProperty(window, 'scrollTo', { writable: true, value: () => undefined });

const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element, pseudo?: string | null) => computedStyle(element, pseudo ?? undefined);

/* react-router reads these web globals, which the jsdom environment does not expose; Node's are the same classes. */
declare const require: (id: 'util') => { TextEncoder: unknown; TextDecoder: unknown };
if (typeof globalThis.TextEncoder === 'undefined') {
  const util = require('util');
  Object.assign(globalThis, { TextEncoder: util.TextEncoder, TextDecoder: util.TextDecoder });
}

/* A data router builds a Request for every navigation (its loaders would read it); the pages tested have none. */
if (typeof globalThis.Request === 'undefined') {
  class NavigationRequest {
    readonly method: string;
    readonly signal: AbortSignal | undefined;
    constructor(
      readonly url: string,
      init: { method?: string; signal?: AbortSignal } = {},
    ) {
      this.method = init.method ?? 'GET';
      this.signal = init.signal;
    }
  }
  Object.assign(globalThis, { Request: NavigationRequest });
}

export {};

/*
 * A suite's first render of a page loads its modules; on a busy two-core machine running suites
 * side by side that can take longer than the 1 s findBy and waitFor give by default.
 */
configure({ asyncUtilTimeout: 5000 });
