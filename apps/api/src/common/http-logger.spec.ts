import { Writable } from 'node:stream';
import express from 'express';
import { pinoHttp } from 'pino-http';
import request from 'supertest';
import { loadConfig } from '@valuation/config';
import { httpLoggerOptions, REDACTED, redactSecrets } from './http-logger';

/** The API's request logger in front of one route, writing its JSON lines into `lines`. */
function loggedApp(lines: Record<string, unknown>[]) {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const app = express();
  app.use(pinoHttp(httpLoggerOptions(loadConfig({ LOG_LEVEL: 'info' })), sink));
  app.get('/api/file', (req, res) => {
    // What the exception filter logs for an unexpected error, and a routing error quoting the URL.
    req.log.error({ url: req.originalUrl, err: new Error(`Cannot GET ${req.originalUrl}`) }, 'Unexpected error');
    res.setHeader('Authorization', 'Bearer refreshed-SECRET-6');
    res.status(500).json({ seen: req.query.Authorization });
  });
  return app;
}

describe('the API request log', () => {
  it('never holds a token: not in the URL, the query, the headers or a logged error', async () => {
    const lines: Record<string, unknown>[] = [];
    const res = await request(loggedApp(lines))
      .get('/api/file?id=7&Authorization=SECRET-1&authorization=SECRET-2&TOKEN=SECRET-3&ticket=SECRET-4&Author%69zation=SECRET-7')
      .set('Authorization', 'Bearer SECRET-5')
      .set('Cookie', 'userToken=SECRET-8')
      .expect(500);
    // The handler still reads the real query: the log copies it, never changes it.
    expect(res.body).toEqual({ seen: ['SECRET-1', 'SECRET-7'] });

    const text = JSON.stringify(lines);
    expect(lines.length).toBe(2);
    expect(text).not.toContain('SECRET');
    const finished = lines.find((l) => l.msg !== 'Unexpected error') as {
      req: { url: string; query: Record<string, string>; headers: Record<string, string> };
    };
    expect(finished.req.url).toBe(
      `/api/file?id=7&Authorization=${REDACTED}&authorization=${REDACTED}&TOKEN=${REDACTED}&ticket=${REDACTED}&Author%69zation=${REDACTED}`,
    );
    expect(finished.req.query).toMatchObject({
      id: '7',
      Authorization: REDACTED,
      authorization: REDACTED,
      TOKEN: REDACTED,
      ticket: REDACTED,
    });
    expect(finished.req.headers.authorization).toBe(REDACTED);
    expect(finished.req.headers.cookie).toBe(REDACTED);
    // The rest of the request is still there to read.
    expect(finished.req.url).toContain('id=7');
    expect(lines.find((l) => l.msg === 'Unexpected error')).toMatchObject({ url: expect.stringContaining('id=7') });
  });

  it.each([
    ['/api/x?Authorization=Bearer%20abc.def', `/api/x?Authorization=${REDACTED}`],
    ['/api/x?a=1&access_token=abc#frag', `/api/x?a=1&access_token=${REDACTED}#frag`],
    ['header was Bearer eyJhbGciOi.eyJzaWQi.sig- then', `header was Bearer ${REDACTED} then`],
    ['Authorization=Bearer abc', `Authorization=${REDACTED} ${REDACTED}`],
    ['/api/x?tokens=1&mytoken=2&a=token', '/api/x?tokens=1&mytoken=2&a=token'],
  ])('redacts %s', (input, output) => {
    expect(redactSecrets(input)).toBe(output);
  });
});
