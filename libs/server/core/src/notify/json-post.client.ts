import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPrivateAddress, parseTargetUrl, RefusedTargetError } from './webhook-target.guard';

export interface PostOptions {
  /** Allows loopback and private addresses (NOTIFY_ALLOW_PRIVATE_TARGETS, configured providers). */
  allowPrivate: boolean;
  /** Whole request, connection to last byte; 5 s by default. */
  timeoutMs?: number;
}

export interface PostResult {
  status: number;
  body: string;
}

const MAX_ANSWER = 64 * 1024;

/**
 * Resolves like dns.lookup but refuses private addresses, so the address checked is the address
 * connected to (no second resolution between check and connect).
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 4);
    const refused = addresses.find((a) => isPrivateAddress(a.address));
    if (refused) return callback(new RefusedTargetError(`${hostname} resolves to the private address ${refused.address}`), '', 4);
    if (options.all) return callback(null, addresses);
    return callback(null, addresses[0].address, addresses[0].family);
  });
};

/** POSTs a JSON body; resolves with the status and the start of the answer whatever the status. */
export function postJson(target: string, body: string, headers: Record<string, string>, options: PostOptions): Promise<PostResult> {
  const url = parseTargetUrl(target);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!options.allowPrivate && isIP(host) !== 0 && isPrivateAddress(host)) {
    return Promise.reject(new RefusedTargetError(`${host} is a private address`));
  }
  const client = url.protocol === 'https:' ? https : http;
  const timeoutMs = options.timeoutMs ?? 5000;
  return new Promise<PostResult>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body), ...headers },
        lookup: options.allowPrivate ? undefined : publicOnlyLookup,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < MAX_ANSWER) chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', (error) => {
          clearTimeout(timer);
          reject(error);
        });
      },
    );
    const timer = setTimeout(() => req.destroy(new Error(`no complete answer within ${timeoutMs} ms`)), timeoutMs);
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.end(body);
  });
}
