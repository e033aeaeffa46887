// Gives the end-to-end stack a clean slate: drops its database, deletes its Redis keys and
// empties its S3 folder. Reads DATABASE_URL, REDIS_URL, REDIS_PREFIX and S3_LOCAL_DIR.
const fs = require('node:fs');
const { Client } = require('pg');
const Redis = require('ioredis');

async function main() {
  const url = new URL(process.env.DATABASE_URL);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unexpected database name ${name}`);
  url.pathname = '/postgres';
  const pg = new Client({ connectionString: url.toString() });
  await pg.connect();
  await pg.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await pg.end();

  const redis = new Redis(process.env.REDIS_URL || 'redis://127.0.0.1:6379/0');
  const pattern = `${process.env.REDIS_PREFIX}:*`;
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  redis.disconnect();

  if (process.env.S3_LOCAL_DIR) fs.rmSync(process.env.S3_LOCAL_DIR, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
