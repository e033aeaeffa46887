import { StreamableFile } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { AGENCY_FILE_TYPES, CASE_FILE_TYPES } from '@valuation/domain';
import { XLSX_MIME } from '@valuation/core';

/**
 * The types a download is sent as: those uploads are checked to be by their content (the
 * attachments of cases and agency applications, the report images among them), report PDFs and
 * spreadsheet exports. Anything else, such as a type recorded before the checks were as strict,
 * goes as application/octet-stream.
 */
const DOWNLOAD_TYPES: ReadonlySet<string> = new Set([...CASE_FILE_TYPES, ...AGENCY_FILE_TYPES.request, 'application/pdf', XLSX_MIME]);

/** The type a stored file is sent as: its checked type, or application/octet-stream. */
export function downloadType(type: string | null | undefined): string {
  return type && DOWNLOAD_TYPES.has(type) ? type : 'application/octet-stream';
}

/**
 * Content as a download (Content-Disposition: attachment, never shown in the page), its name kept
 * in UTF-8 (filename*) with an ASCII fallback, sent as its checked type (downloadType). The file
 * routes' contract (@ReturnsFile) adds X-Content-Type-Options: nosniff, so a browser never takes
 * the content for another type.
 */
export function fileDownload(f: {
  content: Buffer | Readable;
  name: string;
  type: string | null | undefined;
  size?: number;
}): StreamableFile {
  const ascii = f.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const options = {
    type: downloadType(f.type),
    disposition: `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(f.name)}`,
  };
  return Buffer.isBuffer(f.content)
    ? new StreamableFile(f.content, { ...options, length: f.content.length })
    : new StreamableFile(f.content, { ...options, length: f.size });
}
