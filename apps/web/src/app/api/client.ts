import { notifications } from '@mantine/notifications';
import type { ApiEnvelope, DownloadLink } from '@valuation/contracts';
import { CLIENT_SOURCE_HEADER, Msg, type Population } from '@valuation/domain';
import { POPULATIONS, populationOfUrl } from '../session/population';
import { clearToken, readToken, writeToken } from '../session/token-cookies';
import { ApiError } from './api-error';
import { clickDownload, fileNameFromDisposition, saveBlob } from './download-file';
import { appendParams, bearerToken, buildRequestUrl, type QueryParams } from './request-url';

/** What this app calls itself in the X-Client-Source header: the PC web app (statistics source 1). */
export const WEB_CLIENT = 'pc';

export type { QueryParams } from './request-url';

export type RequestBody = Record<string, unknown> | FormData | URLSearchParams | unknown[];

export interface CallOptions {
  /** Show a toast for non-200 answers (default true). Network failures are always shown. */
  notifyErrors?: boolean;
  /** On 401, clear the token and go to the login page (default true). */
  authRedirect?: boolean;
  signal?: AbortSignal;
  /** Whose token the call carries, for an endpoint both populations use; by default the population the path names. */
  population?: Population;
}

export interface PostOptions extends CallOptions {
  /** Send the body as JSON instead of form-encoded. */
  json?: boolean;
  /** Send the body as multipart/form-data (needed for files). */
  multipart?: boolean;
  query?: QueryParams;
}

export interface RequestOptions extends PostOptions {
  body?: RequestBody;
}

type Navigate = (to: string) => void;

let navigateTo: Navigate = (to) => window.location.assign(to);

/** The router registers itself here so a 401 navigates without a page reload. */
export function setApiNavigator(navigate: Navigate): void {
  navigateTo = navigate;
}

const ERROR_AUTO_CLOSE = 3000;

function notifyError(message: string): void {
  notifications.show({ id: `api-error:${message}`, color: 'red', message, autoClose: ERROR_AUTO_CLOSE });
}

function appendFormValue(form: FormData, key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (value instanceof Blob) form.append(key, value);
  else if (Array.isArray(value)) value.forEach((v) => appendFormValue(form, key, v));
  else if (typeof value === 'object') form.append(key, JSON.stringify(value));
  else form.append(key, String(value));
}

function encodeBody(body: RequestBody | undefined, options: PostOptions): { body?: BodyInit; contentType?: string } {
  if (body === undefined) return {};
  if (body instanceof FormData) return { body };
  if (options.json) return { body: JSON.stringify(body), contentType: 'application/json;charset=UTF-8' };
  if (options.multipart) {
    const form = new FormData();
    for (const [key, value] of Object.entries(body)) appendFormValue(form, key, value);
    return { body: form };
  }
  if (body instanceof URLSearchParams) return { body, contentType: 'application/x-www-form-urlencoded;charset=UTF-8' };
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) params.append(key, JSON.stringify(value));
    else appendParams(params, { [key]: value as QueryParams[string] });
  }
  return { body: params, contentType: 'application/x-www-form-urlencoded;charset=UTF-8' };
}

function isEnvelope(value: unknown): value is ApiEnvelope<unknown> {
  return typeof value === 'object' && value !== null && 'code' in value;
}

function currentLocation(): string {
  return `${window.location.pathname}${window.location.search}`;
}

function handleUnauthorized(population: Population): void {
  const cfg = POPULATIONS[population];
  clearToken(cfg.population);
  if (window.location.pathname.toLowerCase() === cfg.loginPath.toLowerCase()) return;
  navigateTo(`${cfg.loginPath}?redirect=${encodeURIComponent(currentLocation())}`);
}

/**
 * Sends one API call and resolves with the whole envelope when its code is 200; otherwise rejects
 * with an ApiError after the standard handling (toast, 401 redirect).
 */
export async function request<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: RequestOptions = {},
): Promise<ApiEnvelope<T>> {
  const { notifyErrors = true, authRedirect = true } = options;
  const population = options.population ?? populationOfUrl(url);
  const token = readToken(population);
  const headers: Record<string, string> = { Accept: 'application/json', [CLIENT_SOURCE_HEADER]: WEB_CLIENT };
  if (token) headers.Authorization = `Bearer ${token}`;
  const encoded = method === 'GET' ? {} : encodeBody(options.body, options);
  if (encoded.contentType) headers['Content-Type'] = encoded.contentType;

  let response: Response;
  try {
    response = await fetch(buildRequestUrl(url, options.query, Date.now()), {
      method,
      headers,
      body: encoded.body,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    notifyError(Msg.networkError);
    throw new ApiError('network', 0, Msg.networkError);
  }

  const refreshed = bearerToken(response.headers.get('Authorization'));
  if (refreshed && readToken(population)) writeToken(population, refreshed);

  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    payload = undefined;
  }

  if (!isEnvelope(payload)) {
    /* A 5xx without an envelope comes from a proxy or gateway, not from the API: the API is unreachable. */
    if (response.status >= 500) {
      notifyError(Msg.networkError);
      throw new ApiError('network', response.status, Msg.networkError);
    }
    if (response.ok) return { code: 200, message: '', data: payload as T };
    payload = { code: response.status, message: response.statusText || Msg.unexpected, data: null };
  }

  const envelope = payload as ApiEnvelope<T>;
  const code = Number(envelope.code);
  if (code === 200 && response.ok) return { ...envelope, code };

  const errorCode = code === 200 || Number.isNaN(code) ? response.status : code;
  const message = envelope.message || Msg.unexpected;
  if (errorCode === 401 && authRedirect) {
    handleUnauthorized(population);
  } else if (notifyErrors) {
    notifyError(`${Msg.errorPrefix}${message}`);
  }
  throw new ApiError('response', errorCode, message, envelope.subCode, envelope.data);
}

/**
 * A link for a download opened by navigation: the server signs the path and query for the
 * signed-in caller into a ticket that works once, for about a minute, so no session token is ever
 * put in a URL (where history, proxies and logs would keep it).
 */
export async function downloadLink(url: string, query?: QueryParams): Promise<string> {
  const population = populationOfUrl(url);
  const target = buildRequestUrl(url, query, Date.now());
  const link = await request<DownloadLink>('POST', POPULATIONS[population].endpoints.downloadLink, { body: { url: target }, population });
  return link.data.url;
}

/** Opens a download through a download link, leaving the page where it is. */
export async function openDownload(url: string, query?: QueryParams): Promise<void> {
  clickDownload(await downloadLink(url, query));
}

/**
 * Fetches a file (an export, a report page) with the token. An answer that is not a file is an
 * error envelope: 401 goes to the login, 404 means there is nothing to fetch and shows the
 * server's message as it is (暂无数据), other codes are shown with the error prefix. Rejects
 * with an ApiError in every failed case.
 */
async function fetchFile(url: string, query?: QueryParams): Promise<Response> {
  const population = populationOfUrl(url);
  const token = readToken(population);
  let response: Response;
  try {
    response = await fetch(buildRequestUrl(url, query, Date.now()), {
      headers: token ? { Authorization: `Bearer ${token}`, [CLIENT_SOURCE_HEADER]: WEB_CLIENT } : { [CLIENT_SOURCE_HEADER]: WEB_CLIENT },
      credentials: 'include',
    });
  } catch {
    notifyError(Msg.networkError);
    throw new ApiError('network', 0, Msg.networkError);
  }
  const refreshed = bearerToken(response.headers.get('Authorization'));
  if (refreshed && readToken(population)) writeToken(population, refreshed);

  if (response.ok && !(response.headers.get('Content-Type') ?? '').includes('application/json')) return response;
  const payload: unknown = await response.json().catch(() => undefined);
  const code = isEnvelope(payload) ? Number(payload.code) : response.status;
  const message = (isEnvelope(payload) && payload.message) || (response.status >= 500 ? Msg.networkError : Msg.unexpected);
  if (code === 401) handleUnauthorized(population);
  else if (code === 404) notifications.show({ id: `download:${message}`, color: 'yellow', message, autoClose: ERROR_AUTO_CLOSE });
  else notifyError(`${Msg.errorPrefix}${message}`);
  throw new ApiError('response', code, message);
}

/** Downloads a file (an export) with the token and saves it under the name the server gives. */
export async function download(url: string, query?: QueryParams, fallbackName = 'download'): Promise<void> {
  const response = await fetchFile(url, query);
  saveBlob(await response.blob(), fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? fallbackName);
}

/** The text of a file answer (an HTML page) fetched with the token. */
export async function fetchText(url: string, query?: QueryParams): Promise<string> {
  return (await fetchFile(url, query)).text();
}

export const api = {
  request,
  get<T>(url: string, query?: QueryParams, options?: CallOptions): Promise<T> {
    return request<T>('GET', url, { ...options, query }).then((e) => e.data);
  },
  post<T>(url: string, body?: RequestBody, options?: PostOptions): Promise<T> {
    return request<T>('POST', url, { ...options, body }).then((e) => e.data);
  },
  downloadLink,
  openDownload,
  download,
  text: fetchText,
};
