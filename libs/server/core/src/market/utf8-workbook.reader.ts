import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import ExcelJS from 'exceljs';

declare module 'exceljs' {
  namespace stream {
    namespace xlsx {
      /** Steps of the streaming reader that receive the raw parts of the archive. */
      interface WorkbookReader {
        _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
        _parseWorksheet(iterator: AsyncIterable<Uint8Array | string>, sheetNo: string): Generator<unknown>;
      }
    }
  }
}

/** The chunks of an iterable as text, never splitting a UTF-8 character between two chunks. */
async function* utf8Chunks(chunks: AsyncIterable<Uint8Array | string>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
    if (text) yield text;
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

/**
 * exceljs's streaming reader (4.4) decodes each chunk of the XML parts on its own, so a Chinese
 * character split between two chunks turns into U+FFFD. This reader hands it the shared strings
 * and the worksheets already decoded as text; the reader tests catch a change of those steps.
 */
export class Utf8WorkbookReader extends ExcelJS.stream.xlsx.WorkbookReader {
  async *_parseSharedStrings(entry: Readable): AsyncGenerator<unknown> {
    entry.setEncoding('utf8');
    yield* super._parseSharedStrings(entry);
  }

  *_parseWorksheet(iterator: AsyncIterable<Uint8Array | string>, sheetNo: string): Generator<unknown> {
    yield* super._parseWorksheet(utf8Chunks(iterator), sheetNo);
  }
}
