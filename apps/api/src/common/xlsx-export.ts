import type { Readable } from 'node:stream';
import type { StreamableFile } from '@nestjs/common';
import { XLSX_MIME } from '@valuation/core';
import { fileDownload } from './file-download';

/** A workbook (built, or streamed as it is written) as an attachment; the Chinese file name goes in `filename*`. */
export function xlsxFile(content: Buffer | Readable, fileName: string): StreamableFile {
  return fileDownload({ content, name: fileName, type: XLSX_MIME });
}
