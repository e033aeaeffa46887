import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { NextFunction, Request, Response } from 'express';
import { Histogram } from 'prom-client';
import { isPrivateAddress } from '@valuation/core';
import type { Metrics } from '@valuation/queue';

/**
 * The label of requests no endpoint answered. Middleware mounted on every path (the request
 * logger) matches them as a wildcard route, which is no endpoint.
 */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * Middleware timing every request into `http_request_duration_seconds{method,route,status}`, the
 * route being the matched pattern (`/api/eval/{id}` style, never the URL with its ids and query).
 */
export function httpMetrics(metrics: Metrics) {
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the end of its answer',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [metrics.registry],
  });
  return (req: Request, res: Response, next: NextFunction): void => {
    const end = duration.startTimer();
    res.once('finish', () => {
      const route: unknown = (req.route as { path?: unknown } | undefined)?.path;
      const endpoint = typeof route === 'string' && !route.includes('*') ? route : UNMATCHED_ROUTE;
      end({ method: req.method, route: endpoint, status: String(res.statusCode) });
    });
    next();
  };
}

/**
 * Who may read the metrics: a caller with `Authorization: Bearer <METRICS_TOKEN>` when the token is
 * set, or a request made straight from a loopback or private address (a scraper inside the
 * cluster). A request that came through a proxy carries X-Forwarded-For or Forwarded and is refused
 * without the token, as the proxy's own private address says nothing about the client.
 */
export function mayReadMetrics(req: Request, token: string | undefined): boolean {
  if (token) {
    const given = Buffer.from(req.headers.authorization ?? '');
    const expected = Buffer.from(`Bearer ${token}`);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return true;
  }
  if (req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined) return false;
  const peer = req.socket.remoteAddress;
  return peer !== undefined && isIP(peer.replace(/^::ffff:/i, '')) !== 0 && isPrivateAddress(peer);
}
