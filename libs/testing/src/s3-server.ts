import path from 'node:path';

export interface LoopbackS3Server {
  endpoint: string;
  close(): Promise<void>;
}

/** Starts the S3-compatible server that the start command and the tests run on loopback. */
export function startS3Server(options: { port: number; directory: string }): Promise<LoopbackS3Server> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const server = require(path.resolve(__dirname, '../../../scripts/lib/s3-server.js')) as {
    startS3Server(options: { port: number; directory: string }): Promise<LoopbackS3Server>;
  };
  return server.startS3Server(options);
}
