import { notifications } from '@mantine/notifications';
import type { ApiEnvelope } from '@valuation/contracts';
import { CLIENT_SOURCE_HEADER, Msg } from '@valuation/domain';
import { POPULATIONS, populationOfUrl } from '../session/population';
import { clearToken, readToken, writeToken } from '../session/token-cookies';
import { ApiError } from './api-error';
import { WEB_CLIENT } from './client';
import { bearerToken, buildRequestUrl, type QueryParams } from './request-url';

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadOptions {
  query?: QueryParams;
  /** Bytes of the body sent so far. */
  onProgress?: (progress: UploadProgress) => void;
  /** The whole body is sent; the server is now reading it. */
  onSent?: () => void;
  /** Aborting rejects with a DOMException named AbortError. */
  signal?: AbortSignal;
  /** Toast non-200 answers with the error prefix (default true). Network failures are always shown. */
  notifyErrors?: boolean;
}

const ERROR_AUTO_CLOSE = 3000;

function notifyError(message: string): void {
  notifications.show({ id: `api-error:${message}`, color: 'red', message, autoClose: ERROR_AUTO_CLOSE });
}

function parseEnvelope(text: string): ApiEnvelope<unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && 'code' in value ? (value as ApiEnvelope<unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * POSTs a multipart form with upload progress, under the conventions of the API client (timestamp,
 * bearer token of the URL's population, refreshed token, envelope codes, 401 to the login page).
 * Resolves with the whole envelope on code 200, so callers can read its subCode.
 */
export function uploadWithProgress<T>(url: string, form: FormData, options: UploadOptions = {}): Promise<ApiEnvelope<T>> {
  const { notifyErrors = true, signal } = options;
  const population = populationOfUrl(url);

  return new Promise<ApiEnvelope<T>>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildRequestUrl(url, options.query, Date.now()));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader(CLIENT_SOURCE_HEADER, WEB_CLIENT);
    const token = readToken(population);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.upload.onload = () => options.onSent?.();

    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);

    xhr.onabort = () => {
      settle();
      reject(new DOMException('The upload was aborted', 'AbortError'));
    };
    xhr.onerror = () => {
      settle();
      notifyError(Msg.networkError);
      reject(new ApiError('network', 0, Msg.networkError));
    };
    xhr.onload = () => {
      settle();
      const refreshed = bearerToken(xhr.getResponseHeader('Authorization'));
      if (refreshed && readToken(population)) writeToken(population, refreshed);

      const envelope = parseEnvelope(xhr.responseText);
      if (!envelope) {
        const network = xhr.status >= 500 || xhr.status === 0;
        const message = network ? Msg.networkError : xhr.statusText || Msg.unexpected;
        if (network || notifyErrors) notifyError(network ? message : `${Msg.errorPrefix}${message}`);
        reject(new ApiError(network ? 'network' : 'response', xhr.status, message));
        return;
      }
      const code = Number(envelope.code);
      const ok = xhr.status >= 200 && xhr.status < 300;
      if (code === 200 && ok) {
        resolve({ ...envelope, code } as ApiEnvelope<T>);
        return;
      }
      const errorCode = code === 200 || Number.isNaN(code) ? xhr.status : code;
      const message = envelope.message || Msg.unexpected;
      if (errorCode === 401) {
        const cfg = POPULATIONS[population];
        clearToken(population);
        if (window.location.pathname.toLowerCase() !== cfg.loginPath.toLowerCase()) {
          window.location.assign(`${cfg.loginPath}?redirect=${encodeURIComponent(`${window.location.pathname}${window.location.search}`)}`);
        }
      } else if (notifyErrors) {
        notifyError(`${Msg.errorPrefix}${message}`);
      }
      reject(new ApiError('response', errorCode, message, envelope.subCode, envelope.data));
    };

    xhr.send(form);
  });
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
