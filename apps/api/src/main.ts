import 'reflect-metadata';
import { ConfigError, loadConfig } from '@valuation/config';
import { createApiApp } from './app.factory';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const app = await createApiApp(config);
  await app.listen(config.API_PORT, config.API_HOST);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
