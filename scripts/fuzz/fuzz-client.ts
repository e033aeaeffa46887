/** Sends a probe as it is: Node's HTTP client for ordinary requests, a bare socket for bytes it refuses to send. */
import http, { type IncomingHttpHeaders } from 'node:http';
import net from 'node:net';
import type { Answer } from './fuzz-checks';
import type { Probe } from './fuzz-cases';

export type Sent = { ok: true; answer: Answer } | { ok: false; error: string };

export function send(port: number, probe: Probe, timeoutMs: number): Promise<Sent> {
  return probe.raw ? sendRaw(port, probe.raw, timeoutMs) : sendHttp(port, probe, timeoutMs);
}

function sendHttp(port: number, probe: Probe, timeoutMs: number): Promise<Sent> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (sent: Sent) => {
      if (!settled) {
        settled = true;
        resolve(sent);
      }
    };
    const headers: Record<string, string | number> = { ...probe.headers, Connection: 'close' };
    if (probe.body) headers['Content-Length'] = probe.body.length;
    const req = http.request({ host: '127.0.0.1', port, method: probe.method, path: probe.target, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done({ ok: true, answer: { status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) } }));
      res.on('error', (err) => done({ ok: false, error: `answer broke off: ${err.message}` }));
    });
    req.setTimeout(timeoutMs, () => {
      req.destroy();
      done({ ok: false, error: `no answer within ${timeoutMs} ms` });
    });
    // The server may answer (413, 401...) and close before the whole body is sent: the answer counts.
    req.on('error', (err) => setTimeout(() => done({ ok: false, error: `no answer: ${err.message}` }), 50));
    req.end(probe.body);
  });
}

/** Parses the answer read from a bare socket (Connection: close, so it ends with the socket). */
export function parseRawAnswer(data: Buffer): Answer | undefined {
  const end = data.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine, ...lines] = data.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
  if (!status) return undefined;
  const headers: IncomingHttpHeaders = {};
  for (const line of lines) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  let body = data.subarray(end + 4);
  if (/chunked/i.test(String(headers['transfer-encoding'] ?? ''))) body = unchunk(body);
  return { status, headers, body };
}

function unchunk(data: Buffer): Buffer {
  const out: Buffer[] = [];
  let at = 0;
  while (at < data.length) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (!size) break;
    out.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(out);
}

function sendRaw(port: number, bytes: Buffer, timeoutMs: number): Promise<Sent> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1', () => socket.end(bytes));
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const answer = parseRawAnswer(Buffer.concat(chunks));
      resolve(answer ? { ok: true, answer } : { ok: false, error: 'the connection closed without an HTTP answer' });
    });
  });
}
