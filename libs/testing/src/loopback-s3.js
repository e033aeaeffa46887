// An S3-compatible server on loopback (s3rver), for machines without MinIO. Data lives under a
// folder git ignores. The same minio client code talks to it as to MinIO.
const fs = require('node:fs');
const path = require('node:path');
const S3rver = require('s3rver');

/** Starts the server; resolves to { endpoint, close }. Port 0 picks a free port. */
async function startS3Server({ port = 9000, host = '127.0.0.1', directory }) {
  fs.mkdirSync(directory, { recursive: true });
  const server = new S3rver({ port, address: host, directory, silent: true, configureBuckets: [] });
  const { port: actualPort } = await server.run();
  return { endpoint: `http://${host}:${actualPort}`, close: () => server.close() };
}

module.exports = { startS3Server };

if (require.main === module) {
  const port = Number(process.env.S3_LOCAL_PORT || 9000);
  const directory = path.resolve(process.env.S3_LOCAL_DIR || path.join(__dirname, '../../../.data/s3'));
  startS3Server({ port, directory }).then(
    ({ endpoint, close }) => {
      console.log(`S3-compatible server on ${endpoint}, data in ${directory}`);
      const stop = () => close().then(() => process.exit(0));
      process.on('SIGTERM', stop);
      process.on('SIGINT', stop);
    },
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
