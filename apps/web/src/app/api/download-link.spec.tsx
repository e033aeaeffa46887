import Cookies from 'js-cookie';
import { api } from './client';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}

/** The browser's fetch, answering every call with this envelope and keeping what was sent. */
function answerWith(data: unknown): Sent[] {
  const sent: Sent[] = [];
  const fetchStub = async (url: string, init: RequestInit) => {
    sent.push({ url, method: init.method ?? 'GET', headers: init.headers as Record<string, string>, body: String(init.body) });
    return { ok: true, status: 200, headers: { get: () => null }, json: async () => ({ code: 200, message: 'success', data }) };
  };
  Object.assign(window, { fetch: fetchStub });
  return sent;
}

describe('downloads opened by navigation', () => {
  let clicked: string[];
  const click = HTMLAnchorElement.prototype.click;

  beforeEach(() => {
    clicked = [];
    HTMLAnchorElement.prototype.click = function recordClick(this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    };
    Cookies.set('userToken', 'user-session-token');
    Cookies.set('cUserToken', 'channel-session-token');
  });
  afterEach(() => {
    HTMLAnchorElement.prototype.click = click;
    Cookies.remove('userToken');
    Cookies.remove('cUserToken');
  });

  it('ask the server for a single-use link, with the token in the header, and follow it: the token never goes in a URL', async () => {
    const sent = answerWith({ url: '/api/review/file?id=3&index=0&timestamp=1&ticket=signed', expiresIn: 60 });
    await api.openDownload('/api/review/file', { id: 3, index: 0 });

    expect(sent).toHaveLength(1);
    expect(sent[0].method).toBe('POST');
    expect(sent[0].url).toMatch(/^\/api\/download-link\?timestamp=\d+$/);
    expect(sent[0].headers.Authorization).toBe('Bearer user-session-token');
    const target = new URLSearchParams(sent[0].body).get('url') ?? '';
    expect(target).toMatch(/^\/api\/review\/file\?id=3&index=0&timestamp=\d+$/);
    expect(clicked).toEqual(['/api/review/file?id=3&index=0&timestamp=1&ticket=signed']);
    expect(JSON.stringify([sent.map((s) => [s.url, s.body]), clicked])).not.toContain('session-token');
  });

  it('ask the channel endpoint, with the channel token, for a channel download', async () => {
    const sent = answerWith({ url: '/api/org/tenant/download?detailID=5&ticket=signed', expiresIn: 60 });
    await expect(api.downloadLink('/api/org/tenant/download', { detailID: 5 })).resolves.toBe(
      '/api/org/tenant/download?detailID=5&ticket=signed',
    );
    expect(sent[0].url).toMatch(/^\/api\/tenant\/download-link\?/);
    expect(sent[0].headers.Authorization).toBe('Bearer channel-session-token');
  });
});
