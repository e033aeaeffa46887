import type { ClientOptions } from 'minio';
import type { AppConfig } from '@valuation/config';

/** minio client options from S3_ENDPOINT (scheme, host, port), the keys and S3_REGION. */
export function minioClientOptions(
  config: Pick<AppConfig, 'S3_ENDPOINT' | 'S3_ACCESS_KEY' | 'S3_SECRET_KEY' | 'S3_REGION'>,
): ClientOptions {
  const url = new URL(config.S3_ENDPOINT);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`S3_ENDPOINT must start with http:// or https://, got "${config.S3_ENDPOINT}"`);
  }
  if (url.pathname !== '/' || url.search !== '') {
    throw new Error(`S3_ENDPOINT must be scheme, host and port only, got "${config.S3_ENDPOINT}"`);
  }
  const useSSL = url.protocol === 'https:';
  return {
    endPoint: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey: config.S3_ACCESS_KEY,
    secretKey: config.S3_SECRET_KEY,
    region: config.S3_REGION,
    pathStyle: true,
  };
}
