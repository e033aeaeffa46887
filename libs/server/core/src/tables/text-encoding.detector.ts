import { analyse } from 'chardet';

/** Encodings a CSV file may come in; each is a name iconv-lite decodes. */
export type TextEncoding = 'utf-8' | 'gb18030' | 'big5' | 'utf-16le' | 'utf-16be';

/** Bytes chardet looks at: enough to tell the Chinese encodings apart, and it takes its time over each. */
const CHARDET_SAMPLE_BYTES = 16 * 1024;

/** Length of the longest prefix of `bytes` that ends on a UTF-8 character boundary. */
function completeUtf8Length(bytes: Uint8Array): number {
  const end = bytes.length;
  for (let back = 1; back <= 3 && end - back >= 0; back++) {
    const byte = bytes[end - back];
    if ((byte & 0xc0) !== 0x80) {
      const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
      return needed > back ? end - back : end;
    }
  }
  return end;
}

export function isValidUtf8(bytes: Uint8Array, truncated = true): boolean {
  const view = truncated ? bytes.subarray(0, completeUtf8Length(bytes)) : bytes;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(view);
    return true;
  } catch {
    return false;
  }
}

/**
 * The encoding of a text file from its first bytes. A byte-order mark decides; text that is valid
 * UTF-8 is UTF-8; otherwise chardet decides between the Chinese encodings, and anything it does
 * not recognise as Big5 or UTF-16 is read as GB18030, the superset of GBK and GB2312 that Excel
 * writes for "CSV" on Chinese Windows. `head` may end in the middle of a character.
 */
export function detectTextEncoding(head: Uint8Array): TextEncoding {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  if (isValidUtf8(head)) return 'utf-8';
  const matches = analyse(head.subarray(0, CHARDET_SAMPLE_BYTES));
  const confidence = (name: string) => matches.find((m) => m.name === name)?.confidence ?? 0;
  const top = matches[0]?.name;
  if (top === 'UTF-16LE' || top === 'UTF-16BE') return top === 'UTF-16LE' ? 'utf-16le' : 'utf-16be';
  if (top === 'Big5' && confidence('Big5') >= 50 && confidence('Big5') > confidence('GB18030') + 20) return 'big5';
  return 'gb18030';
}
