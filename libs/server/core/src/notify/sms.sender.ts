import type { AppConfig } from '@valuation/config';
import { postJson } from './json-post.client';

/** Sends one text message; rejects when the provider did not accept it. */
export interface SmsSender {
  /** Signature put in 【】 at the head of every message. */
  readonly sign: string;
  send(phone: string, text: string): Promise<void>;
}

/** Injection token of the SmsSender; its value is null when SMS is not configured. */
export const SMS_SENDER = Symbol('SMS_SENDER');

/** An HTTP SMS gateway: POST JSON { phone, sign, text } with the key as a bearer token; 2xx = accepted. */
export class HttpSmsSender implements SmsSender {
  constructor(
    private readonly url: string,
    private readonly apiKey: string,
    readonly sign: string,
  ) {}

  async send(phone: string, text: string): Promise<void> {
    const body = JSON.stringify({ phone, sign: this.sign, text });
    const res = await postJson(this.url, body, { Authorization: `Bearer ${this.apiKey}` }, { allowPrivate: true });
    if (res.status < 200 || res.status >= 300) {
      throw new Error(`SMS provider answered HTTP ${res.status}: ${res.body.slice(0, 200)}`);
    }
  }
}

/** The configured SMS sender, or null when SMS_PROVIDER_URL, SMS_API_KEY or SMS_SIGN is unset. */
export function createSmsSender(config: Pick<AppConfig, 'SMS_PROVIDER_URL' | 'SMS_API_KEY' | 'SMS_SIGN'>): SmsSender | null {
  if (!config.SMS_PROVIDER_URL || !config.SMS_API_KEY || !config.SMS_SIGN) return null;
  return new HttpSmsSender(config.SMS_PROVIDER_URL, config.SMS_API_KEY, config.SMS_SIGN);
}
