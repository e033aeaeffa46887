import { createReadStream, promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline, Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import zlib from 'node:zlib';

/** The bytes of a file, read at any position: a buffer in memory or a file on disk. */
export interface ByteSource {
  readonly size: number;
  read(position: number, length: number): Promise<Buffer>;
  /** The bytes from `start` up to, not including, `end`. */
  stream(start: number, end: number): Readable;
  close(): Promise<void>;
}

export function bufferSource(bytes: Buffer): ByteSource {
  return {
    size: bytes.length,
    read: async (position, length) => bytes.subarray(position, position + length),
    stream: (start, end) => Readable.from(start < end ? [bytes.subarray(start, end)] : []),
    close: async () => undefined,
  };
}

/** Thrown for bytes that are not a ZIP archive this reader can read, or a part larger than allowed. */
export class ZipError extends Error {
  constructor(readonly reason: 'unreadable' | 'too-large') {
    super(reason === 'too-large' ? 'a part of the archive is too large' : 'not a readable ZIP archive');
    this.name = 'ZipError';
  }
}

/**
 * Writes a stream to a file of its own in the temporary directory and reads it from there; the
 * file goes when the source is closed or the stream fails or grows past `maxBytes` (ZipError too-large).
 */
export async function spoolToFile(stream: AsyncIterable<Buffer>, maxBytes: number): Promise<ByteSource> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'table-'));
  const file = path.join(dir, 'upload');
  let size = 0;
  try {
    const handle = await fs.open(file, 'w');
    try {
      for await (const chunk of stream) {
        size += chunk.length;
        if (size > maxBytes) throw new ZipError('too-large');
        await handle.write(chunk);
      }
    } finally {
      await handle.close();
    }
    const reader = await fs.open(file, 'r');
    return {
      size,
      read: async (position, length) => {
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await reader.read(buffer, 0, length, position);
        return buffer.subarray(0, bytesRead);
      },
      stream: (start, end) => (start < end ? createReadStream(file, { start, end: end - 1 }) : Readable.from([])),
      close: async () => {
        await reader.close().catch(() => undefined);
        await fs.rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await fs.rm(dir, { recursive: true, force: true });
    throw error;
  }
}

export interface ZipEntry {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL_HEADER = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;
/** Largest central directory read: some 200,000 entries, far beyond any workbook. */
const MAX_DIRECTORY_BYTES = 16 * 1024 * 1024;

interface Directory {
  offset: number;
  size: number;
  entries: number;
}

const u64 = (b: Buffer, at: number) => Number(b.readBigUInt64LE(at));

/**
 * Where the central directory is, from the end of the archive (`tail`, whose first byte is at
 * `tailOffset`); for a ZIP64 archive, where its end record is.
 */
function locateDirectory(tail: Buffer, tailOffset: number): { directory: Directory } | { zip64At: number } | null {
  for (let at = tail.length - EOCD_SIZE; at >= 0; at--) {
    if (tail.readUInt32LE(at) !== EOCD) continue;
    if (at >= 20 && tail.readUInt32LE(at - 20) === ZIP64_LOCATOR) return { zip64At: u64(tail, at - 12) };
    const directory = { entries: tail.readUInt16LE(at + 10), size: tail.readUInt32LE(at + 12), offset: tail.readUInt32LE(at + 16) };
    return tailOffset + at >= directory.offset + directory.size ? { directory } : null;
  }
  return null;
}

function zip64Directory(record: Buffer): Directory | null {
  if (record.length < 56 || record.readUInt32LE(0) !== ZIP64_EOCD) return null;
  return { entries: u64(record, 32), size: u64(record, 40), offset: u64(record, 48) };
}

/** The entries of a central directory; null when it is not one. */
function parseDirectory(bytes: Buffer, count: number): ZipEntry[] | null {
  const entries: ZipEntry[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL_HEADER) return null;
    const flags = bytes.readUInt16LE(at + 8);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const nameBytes = bytes.subarray(at + 46, at + 46 + nameLength);
    const entry: ZipEntry = {
      name: nameBytes.toString(flags & 0x800 ? 'utf8' : 'latin1'),
      flags,
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      size: bytes.readUInt32LE(at + 24),
      localHeaderOffset: bytes.readUInt32LE(at + 42),
    };
    // ZIP64: the sizes and offset that do not fit in 32 bits are in the extra field 0x0001, in this order.
    const extra = bytes.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength);
    for (let e = 0; e + 4 <= extra.length;) {
      const id = extra.readUInt16LE(e);
      const length = extra.readUInt16LE(e + 2);
      if (id === 0x0001) {
        let p = e + 4;
        for (const field of ['size', 'compressedSize', 'localHeaderOffset'] as const) {
          if (entry[field] === 0xffffffff && p + 8 <= e + 4 + length) {
            entry[field] = u64(extra, p);
            p += 8;
          }
        }
      }
      e += 4 + length;
    }
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The names of the parts of a whole ZIP archive in memory; null when it is not one. */
export function zipEntryNames(bytes: Buffer): string[] | null {
  const tailOffset = Math.max(0, bytes.length - EOCD_SIZE - MAX_COMMENT);
  const located = locateDirectory(bytes.subarray(tailOffset), tailOffset);
  const directory =
    located && ('directory' in located ? located.directory : zip64Directory(bytes.subarray(located.zip64At, located.zip64At + 56)));
  if (!directory || directory.offset + directory.size > bytes.length) return null;
  return parseDirectory(bytes.subarray(directory.offset, directory.offset + directory.size), directory.entries)?.map((e) => e.name) ?? null;
}

/**
 * A ZIP archive read through its central directory, so its parts can be read in any order. Each
 * part is inflated as a stream and decoded as UTF-8 text with a decoder that keeps the bytes of a
 * character split between two chunks until the rest arrives.
 */
export class ZipArchive {
  private constructor(
    private readonly source: ByteSource,
    private readonly entries: Map<string, ZipEntry>,
  ) {}

  /** Reads the central directory; ZipError when the bytes are not a ZIP archive. */
  static async open(source: ByteSource): Promise<ZipArchive> {
    const tailOffset = Math.max(0, source.size - EOCD_SIZE - MAX_COMMENT);
    const tail = await source.read(tailOffset, source.size - tailOffset);
    const located = locateDirectory(tail, tailOffset);
    const directory = located && ('directory' in located ? located.directory : zip64Directory(await source.read(located.zip64At, 56)));
    if (!directory || directory.size > MAX_DIRECTORY_BYTES || directory.offset + directory.size > source.size)
      throw new ZipError('unreadable');
    const entries = parseDirectory(await source.read(directory.offset, directory.size), directory.entries);
    if (!entries) throw new ZipError('unreadable');
    return new ZipArchive(source, new Map(entries.map((e) => [e.name, e])));
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** The parts as the central directory lists them. */
  list(): ZipEntry[] {
    return [...this.entries.values()];
  }

  /** The inflated size of a part as the central directory gives it (reading the part holds it to that); 0 when it is not there. */
  sizeOf(name: string): number {
    return this.entries.get(name)?.size ?? 0;
  }

  /**
   * The text of a part in chunks, at most `maxBytes` bytes once inflated (ZipError too-large), and
   * no more than the directory says it holds (ZipError unreadable); a part that is not there yields nothing.
   */
  async *text(name: string, maxBytes: number): AsyncGenerator<string> {
    const entry = this.entries.get(name);
    if (!entry) return;
    if (entry.flags & 0x1) throw new ZipError('unreadable');
    if (entry.method !== 0 && entry.method !== 8) throw new ZipError('unreadable');
    if (entry.size > maxBytes) throw new ZipError('too-large');
    const header = await this.source.read(entry.localHeaderOffset, 30);
    if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_HEADER) throw new ZipError('unreadable');
    const start = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    const raw = this.source.stream(start, start + entry.compressedSize);
    const bytes: Readable = entry.method === 8 ? pipeline(raw, zlib.createInflateRaw(), () => undefined) : raw;
    const decoder = new StringDecoder('utf8');
    let size = 0;
    try {
      for await (const chunk of bytes) {
        size += (chunk as Buffer).length;
        if (size > maxBytes) throw new ZipError('too-large');
        if (size > entry.size) throw new ZipError('unreadable');
        const text = decoder.write(chunk as Buffer);
        if (text) yield text;
      }
    } catch (error) {
      throw error instanceof ZipError ? error : new ZipError('unreadable');
    } finally {
      bytes.destroy();
      raw.destroy();
    }
    const rest = decoder.end();
    if (rest) yield rest;
  }
}
