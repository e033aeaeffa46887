import { StreamableFile } from '@nestjs/common';
import type { Readable } from 'node:stream';

/** A stored file as a download, its name kept in UTF-8 (filename*) with an ASCII fallback. */
export function fileDownload(f: { stream: Readable; name: string; type: string; size: number }): StreamableFile {
  const ascii = f.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return new StreamableFile(f.stream, {
    type: f.type,
    length: f.size,
    disposition: `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(f.name)}`,
  });
}
