export interface LoopbackS3Server {
  endpoint: string;
  close(): Promise<void>;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const loopback = require('./loopback-s3.js') as {
  startS3Server(options: { port: number; directory: string }): Promise<LoopbackS3Server>;
};

/** Starts the S3-compatible server that the start command and the tests run on loopback. */
export function startS3Server(options: { port: number; directory: string }): Promise<LoopbackS3Server> {
  return loopback.startS3Server(options);
}
