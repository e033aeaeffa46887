import { StreamableFile } from '@nestjs/common';
import type { Readable } from 'node:stream';

/** Content as a download, its name kept in UTF-8 (filename*) with an ASCII fallback. */
export function fileDownload(f: { content: Buffer | Readable; name: string; type: string; size?: number }): StreamableFile {
  const ascii = f.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const options = { type: f.type, disposition: `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(f.name)}` };
  return Buffer.isBuffer(f.content)
    ? new StreamableFile(f.content, { ...options, length: f.content.length })
    : new StreamableFile(f.content, { ...options, length: f.size });
}
