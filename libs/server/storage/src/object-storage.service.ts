import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Client, S3Error } from 'minio';
import { APP_CONFIG, type AppConfig } from '@valuation/config';
import { minioClientOptions } from './storage.options';

export interface ObjectStat {
  size: number;
  etag: string;
  lastModified: Date;
  contentType: string;
  /** Object metadata with lower-case names, e.g. `content-type`. */
  metaData: Record<string, string>;
}

export class ObjectNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No object "${key}" in storage`);
    this.name = 'ObjectNotFoundError';
  }
}

/** How long onModuleInit keeps trying to reach a storage server that is still starting. */
const STARTUP_WAIT_MS = 10_000;
const PING_TIMEOUT_MS = 2_000;

/** Objects (uploads, images, reports, exports) in the S3_BUCKET bucket, through the minio client. */
@Injectable()
export class ObjectStorage implements OnModuleInit {
  readonly bucket: string;
  private readonly client: Client;
  private readonly region: string;
  private readonly endpoint: string;
  private readonly logger = new Logger(ObjectStorage.name);

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.client = new Client(minioClientOptions(config));
    this.bucket = config.S3_BUCKET;
    this.region = config.S3_REGION;
    this.endpoint = config.S3_ENDPOINT;
  }

  async onModuleInit(): Promise<void> {
    await this.ensureBucket();
  }

  /**
   * Stores an object. A stream of unknown size is first spooled to a temporary file, so the upload
   * is a single PUT of known length (multipart needs listing of pending uploads, which not every
   * S3-compatible server offers).
   */
  async put(key: string, body: Buffer | Readable, size?: number, contentType = 'application/octet-stream'): Promise<{ etag: string }> {
    const metaData = { 'Content-Type': contentType };
    if (Buffer.isBuffer(body)) {
      return { etag: (await this.client.putObject(this.bucket, key, body, body.length, metaData)).etag };
    }
    if (size !== undefined) {
      return { etag: (await this.client.putObject(this.bucket, key, body, size, metaData)).etag };
    }
    const directory = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'valuation-upload-'));
    try {
      const file = path.join(directory, 'body');
      await pipeline(body, fs.createWriteStream(file));
      const { size: length } = await fs.promises.stat(file);
      return { etag: (await this.client.putObject(this.bucket, key, fs.createReadStream(file), length, metaData)).etag };
    } finally {
      await fs.promises.rm(directory, { recursive: true, force: true });
    }
  }

  /** The object's content; rejects with ObjectNotFoundError when there is none. */
  async getStream(key: string): Promise<Readable> {
    try {
      return await this.client.getObject(this.bucket, key);
    } catch (error) {
      throw isMissing(error) ? new ObjectNotFoundError(key) : error;
    }
  }

  async getBuffer(key: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.getStream(key)) {
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
    }
    return Buffer.concat(chunks);
  }

  /** Size, type and metadata of the object, or null when there is none. */
  async stat(key: string): Promise<ObjectStat | null> {
    try {
      const stat = await this.client.statObject(this.bucket, key);
      const metaData: Record<string, string> = {};
      for (const [name, value] of Object.entries(stat.metaData)) metaData[name.toLowerCase()] = String(value);
      return {
        size: stat.size,
        etag: stat.etag,
        lastModified: stat.lastModified,
        contentType: metaData['content-type'] ?? 'application/octet-stream',
        metaData,
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** Deletes the object; no error when it does not exist. */
  async remove(key: string): Promise<void> {
    await this.client.removeObject(this.bucket, key);
  }

  /** A URL anyone may GET for `seconds` seconds. */
  async presignedGetUrl(key: string, seconds: number): Promise<string> {
    return this.client.presignedGetObject(this.bucket, key, seconds);
  }

  /** Resolves when the bucket is reachable; rejects otherwise. For readiness checks. */
  async ping(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`object storage did not answer within ${PING_TIMEOUT_MS} ms`)), PING_TIMEOUT_MS);
    });
    try {
      const exists = await Promise.race([this.client.bucketExists(this.bucket), timeout]);
      if (!exists) throw new Error(`bucket "${this.bucket}" does not exist`);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Creates the bucket when missing, waiting a little for a storage server that is still starting. */
  private async ensureBucket(): Promise<void> {
    const deadline = Date.now() + STARTUP_WAIT_MS;
    for (let attempt = 1; ; attempt++) {
      try {
        if (await this.client.bucketExists(this.bucket)) return;
        await this.client.makeBucket(this.bucket, this.region);
        this.logger.log(`created bucket "${this.bucket}"`);
        return;
      } catch (error) {
        if (error instanceof S3Error && (error.code === 'BucketAlreadyOwnedByYou' || error.code === 'BucketAlreadyExists')) return;
        if (!isConnectionError(error) || Date.now() >= deadline) {
          throw new Error(`object storage at ${this.endpoint} is not usable: ${describe(error)}`, { cause: error });
        }
        await new Promise((resolve) => setTimeout(resolve, Math.min(200 * attempt, 1000)));
      }
    }
  }
}

function isMissing(error: unknown): boolean {
  return error instanceof S3Error && (error.code === 'NoSuchKey' || error.code === 'NotFound');
}

const CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EAI_AGAIN', 'ENOTFOUND', 'EHOSTUNREACH']);

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

function isConnectionError(error: unknown): boolean {
  const code = errorCode(error);
  return code !== undefined && CONNECTION_ERRORS.has(code);
}

function describe(error: unknown): string {
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : String(error);
  return code && !message.includes(code) ? `${code} ${message}`.trim() : message;
}
