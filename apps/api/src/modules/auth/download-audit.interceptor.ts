import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { concatMap, type Observable } from 'rxjs';
import { XLSX_MIME } from '@valuation/core';
import { RESPONSE_KEY, type ResponseContract } from '../../common/api-contract';
import type { AuthenticatedRequest } from '../../common/principal';
import { AuditTrail } from './audit-trail.service';

/** Query parameters that carry credentials or nothing of interest, left out of the log. */
const UNLOGGED_PARAM = /authori[sz]ation|token|ticket|signature|^timestamp$/i;

/** The path and the query a download was asked with, without credentials. */
export function requestedResource(req: Pick<Request, 'originalUrl'>): string {
  const url = new URL(req.originalUrl, 'http://localhost');
  for (const name of [...url.searchParams.keys()]) if (UNLOGGED_PARAM.test(name)) url.searchParams.delete(name);
  const query = [...url.searchParams].map(([k, v]) => `${k}=${v}`).join('&');
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/**
 * Puts every export and download of a logged-in caller in the operation log: bound by
 * `@ReturnsFile` (and `@ReturnsXlsx`) to the endpoints that declare a file answer, except pictures
 * shown inside pages (logos, community photos, seal images). Recorded once the handler has
 * produced the file, before it is sent; refused and failed requests are not downloads.
 */
@Injectable()
export class DownloadAuditInterceptor implements NestInterceptor {
  constructor(private readonly audit: AuditTrail) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const contract: ResponseContract | undefined = Reflect.getMetadata(RESPONSE_KEY, context.getHandler());
    if (contract?.kind !== 'file') return next.handle();
    const req = context.switchToHttp().getRequest<Request & AuthenticatedRequest>();
    return next.handle().pipe(
      concatMap(async (value: unknown) => {
        const p = req.principal;
        if (p) {
          const action = contract.contentType === XLSX_MIME ? '导出' : '下载';
          await this.audit.record(p, action, `${contract.description}：${requestedResource(req)}`, req.ip);
        }
        return value;
      }),
    );
  }
}
