import path from 'node:path';
import fs from 'node:fs';
import { startS3Server } from './s3-server';

/** Starts a loopback S3 server for the integration tests unless S3_ENDPOINT points at one. */
export default async function globalSetup(): Promise<void> {
  process.env.NODE_ENV = 'test';
  process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? 'silent';
  if (process.env.S3_ENDPOINT) return;
  const dataRoot = path.resolve(__dirname, '../../../.data');
  fs.mkdirSync(dataRoot, { recursive: true });
  const directory = fs.mkdtempSync(path.join(dataRoot, 'test-s3-'));
  const server = await startS3Server({ port: 0, directory });
  process.env.S3_ENDPOINT = server.endpoint;
  (globalThis as Record<string, unknown>).__S3__ = { ...server, directory };
}
