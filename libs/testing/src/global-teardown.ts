import fs from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  const s3 = (globalThis as Record<string, unknown>).__S3__ as { close(): Promise<void>; directory: string } | undefined;
  if (s3) {
    await s3.close();
    fs.rmSync(s3.directory, { recursive: true, force: true });
  }
}
