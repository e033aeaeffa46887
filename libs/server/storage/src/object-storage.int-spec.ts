import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Test, type TestingModule } from '@nestjs/testing';
import { Client } from 'minio';
import { ConfigModule, loadConfig } from '@valuation/config';
import { ObjectNotFoundError, ObjectStorage } from './object-storage.service';
import { StorageModule } from './storage.module';
import { minioClientOptions } from './storage.options';
import { freePort, startS3Server } from '@valuation/testing';

const uniqueBucket = () => `test-${randomBytes(5).toString('hex')}`;

describe('ObjectStorage against the loopback S3 server', () => {
  const bucket = uniqueBucket();
  let moduleRef: TestingModule;
  let storage: ObjectStorage;
  let admin: Client;

  beforeAll(async () => {
    process.env.S3_BUCKET = bucket;
    admin = new Client(minioClientOptions(loadConfig()));
    expect(await admin.bucketExists(bucket)).toBe(false);
    moduleRef = await Test.createTestingModule({ imports: [ConfigModule, StorageModule] }).compile();
    await moduleRef.init();
    storage = moduleRef.get(ObjectStorage);
  });

  afterAll(async () => {
    await moduleRef?.close();
    delete process.env.S3_BUCKET;
  });

  it('creates the bucket at start', async () => {
    expect(storage.bucket).toBe(bucket);
    expect(await admin.bucketExists(bucket)).toBe(true);
    await expect(storage.ping()).resolves.toBeUndefined();
  });

  it('stores, reads, describes and removes a buffer', async () => {
    const body = Buffer.from('估价报告 PDF bytes');
    const { etag } = await storage.put('reports/1/report.pdf', body, undefined, 'application/pdf');
    expect(etag).toMatch(/^[0-9a-f]{32}$/);

    expect(await storage.getBuffer('reports/1/report.pdf')).toEqual(body);
    const stat = await storage.stat('reports/1/report.pdf');
    expect(stat).toMatchObject({ size: body.length, etag, contentType: 'application/pdf' });
    expect(stat?.metaData['content-type']).toBe('application/pdf');
    expect(stat?.lastModified).toBeInstanceOf(Date);

    await storage.remove('reports/1/report.pdf');
    expect(await storage.stat('reports/1/report.pdf')).toBeNull();
  });

  it('stores a stream with and without a known size', async () => {
    const text = 'row,price\n1,35000\n'.repeat(1000);
    await storage.put('imports/sized.csv', Readable.from([Buffer.from(text)]), Buffer.byteLength(text), 'text/csv');
    await storage.put('imports/unsized.csv', Readable.from([Buffer.from(text)]));
    expect((await storage.getBuffer('imports/sized.csv')).toString()).toBe(text);
    expect((await storage.getBuffer('imports/unsized.csv')).toString()).toBe(text);
    expect((await storage.stat('imports/unsized.csv'))?.contentType).toBe('application/octet-stream');

    const chunks: Buffer[] = [];
    for await (const chunk of await storage.getStream('imports/sized.csv')) chunks.push(chunk);
    expect(Buffer.concat(chunks).toString()).toBe(text);
  });

  it('answers null or ObjectNotFoundError for a missing key, and removing it is no error', async () => {
    expect(await storage.stat('missing/key')).toBeNull();
    await expect(storage.getStream('missing/key')).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(storage.getBuffer('missing/key')).rejects.toThrow('No object "missing/key" in storage');
    await expect(storage.remove('missing/key')).resolves.toBeUndefined();
  });

  it('signs a GET URL valid for the given seconds', async () => {
    await storage.put('images/logo.png', Buffer.from('PNG'), 3, 'image/png');
    const url = await storage.presignedGetUrl('images/logo.png', 60);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('PNG');
    const query = new URL(url).searchParams;
    expect(query.get('X-Amz-Expires')).toBe('60');
    expect(query.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('ping rejects when the bucket does not exist', async () => {
    const other = new ObjectStorage({ ...loadConfig(), S3_BUCKET: uniqueBucket() });
    await expect(other.ping()).rejects.toThrow(/^bucket "test-[0-9a-f]+" does not exist$/);
  });
});

describe('ObjectStorage start-up', () => {
  it('waits for a storage server that is still starting', async () => {
    const port = await freePort();
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'valuation-s3-late-'));
    const bucket = uniqueBucket();
    const storage = new ObjectStorage({ ...loadConfig(), S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_BUCKET: bucket });
    let server: { close(): Promise<void> } | undefined;
    const late = new Promise<void>((resolve, reject) =>
      setTimeout(
        () =>
          startS3Server({ port, directory }).then((s) => {
            server = s;
            resolve();
          }, reject),
        800,
      ),
    );
    try {
      const started = Date.now();
      await storage.onModuleInit();
      await late;
      expect(Date.now() - started).toBeGreaterThanOrEqual(700);
      await expect(storage.ping()).resolves.toBeUndefined();
    } finally {
      await late.catch(() => undefined);
      await server?.close();
      fs.rmSync(directory, { recursive: true, force: true });
    }
  });

  it('fails at once, saying why, when the server refuses the credentials', async () => {
    const storage = new ObjectStorage({ ...loadConfig(), S3_ACCESS_KEY: 'UNKNOWN', S3_BUCKET: uniqueBucket() });
    const started = Date.now();
    await expect(storage.onModuleInit()).rejects.toThrow(
      `object storage at ${process.env.S3_ENDPOINT} is not usable: AccessDenied Valid and authorized credentials required`,
    );
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
