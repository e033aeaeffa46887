import { Header, type StreamableFile, UseInterceptors } from '@nestjs/common';
import { XLSX_MIME } from '@valuation/core';
import { DownloadAuditInterceptor } from '../modules/auth/download-audit.interceptor';
import { define, type MethodDecoratorFor, RESPONSE_KEY, type ResponseContract } from './api-contract';
import { ExportSlotsInterceptor } from './xlsx-export';

/**
 * A download (a spreadsheet, a PDF, an image) instead of the envelope; errors still come as the
 * envelope. The answer carries X-Content-Type-Options: nosniff, so a browser takes a file for the
 * type it is sent as and nothing else. A spreadsheet is built inside an export slot, and every
 * download but a picture shown inside pages is put in the operation log: those interceptors are
 * bound to the file routes alone, as each one Nest runs costs every request it wraps.
 */
export function ReturnsFile(contentType: string, description: string): MethodDecoratorFor<StreamableFile | void> {
  const contract = define<StreamableFile | void>(RESPONSE_KEY, { kind: 'file', contentType, description } satisfies ResponseContract);
  const noSniff = Header('X-Content-Type-Options', 'nosniff');
  const interceptors = [
    ...(contentType === XLSX_MIME ? [ExportSlotsInterceptor] : []),
    ...(contentType.startsWith('image/') ? [] : [DownloadAuditInterceptor]),
  ];
  const intercepted = interceptors.length ? UseInterceptors(...interceptors) : null;
  return (target, key, descriptor) => {
    contract(target, key, descriptor);
    noSniff(target, key, descriptor);
    intercepted?.(target, key, descriptor);
  };
}

/** An .xlsx download. */
export const ReturnsXlsx = (description: string) => ReturnsFile(XLSX_MIME, description);
