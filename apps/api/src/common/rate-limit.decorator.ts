import { SetMetadata } from '@nestjs/common';
import { XLSX_MIME } from '@valuation/core';
import { RESPONSE_KEY, type ResponseContract } from './api-contract';
import { UPLOADS_KEY, type UploadSpec } from './multipart';

/**
 * What an endpoint costs, for the request rate limits: each class has a limit per account and one
 * per address (login and captcha, answered before anyone is logged in, per address only).
 */
export const RATE_LIMIT_CLASSES = ['login', 'captcha', 'valuation', 'report', 'export', 'upload'] as const;
export type RateLimitClass = (typeof RATE_LIMIT_CLASSES)[number];

export const RATE_LIMIT_KEY = 'rate-limit';

/**
 * Puts the endpoint under the limits of these classes. Endpoints that take files (`@Uploads`) are
 * under `upload`, and spreadsheet downloads (`@ReturnsXlsx`) under `export`, without saying so.
 */
export const RateLimit = (...classes: RateLimitClass[]) => SetMetadata(RATE_LIMIT_KEY, classes);

const resolved = new WeakMap<object, readonly RateLimitClass[]>();

/** The classes a handler is limited under: those it declares and those its upload and answer contracts imply. */
export function rateLimitClassesOf(handler: object): readonly RateLimitClass[] {
  let classes = resolved.get(handler);
  if (!classes) {
    const declared: RateLimitClass[] = Reflect.getMetadata(RATE_LIMIT_KEY, handler) ?? [];
    const uploads: UploadSpec | undefined = Reflect.getMetadata(UPLOADS_KEY, handler);
    const answer: ResponseContract | undefined = Reflect.getMetadata(RESPONSE_KEY, handler);
    const implied: RateLimitClass[] = [
      ...(uploads && uploads.files.length > 0 ? (['upload'] as const) : []),
      ...(answer?.kind === 'file' && answer.contentType === XLSX_MIME ? (['export'] as const) : []),
    ];
    classes = [...new Set([...declared, ...implied])];
    resolved.set(handler, classes);
  }
  return classes;
}
