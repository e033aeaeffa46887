import { createHash } from 'node:crypto';
import { apiKeyPrefix, hashApiKey, isApiKeyFormat, newApiKeySecret, presentedApiKey } from './api-key.secret';

describe('API key secrets', () => {
  it('are vk_ and 40 URL-safe characters, different every time', () => {
    const keys = Array.from({ length: 50 }, newApiKeySecret);
    for (const key of keys) {
      expect(key).toMatch(/^vk_[A-Za-z0-9_-]{40}$/);
      expect(isApiKeyFormat(key)).toBe(true);
    }
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('are stored as their SHA-256 and shown by their first 8 characters', () => {
    const key = newApiKeySecret();
    expect(hashApiKey(key)).toBe(createHash('sha256').update(key).digest('hex'));
    expect(hashApiKey(key)).toHaveLength(64);
    expect(apiKeyPrefix(key)).toBe(key.slice(0, 8));
    expect(apiKeyPrefix(key).startsWith('vk_')).toBe(true);
  });
});

describe('the API key a request presents', () => {
  const key = `vk_${'A'.repeat(20)}${'b-_9'.repeat(5)}`;

  it('is read from Authorization: ApiKey or from X-Api-Key', () => {
    expect(presentedApiKey({ authorization: `ApiKey ${key}` })).toBe(key);
    expect(presentedApiKey({ authorization: `apikey   ${key}` })).toBe(key);
    expect(presentedApiKey({ 'x-api-key': key })).toBe(key);
    expect(presentedApiKey({ authorization: `ApiKey ${key}`, 'x-api-key': key })).toBe(key);
  });

  it('is none for a bearer token or no credentials', () => {
    expect(presentedApiKey({ authorization: 'Bearer abc.def.ghi' })).toBeNull();
    expect(presentedApiKey({})).toBeNull();
  });

  it('is malformed when the header holds no key of the right form, or the two headers disagree', () => {
    expect(presentedApiKey({ 'x-api-key': 'vk_short' })).toBe('malformed');
    expect(presentedApiKey({ 'x-api-key': `${key}x` })).toBe('malformed');
    expect(presentedApiKey({ 'x-api-key': `sk_${key.slice(3)}` })).toBe('malformed');
    expect(presentedApiKey({ authorization: 'ApiKey ' })).toBe('malformed');
    expect(presentedApiKey({ 'x-api-key': '' })).toBe('malformed');
    expect(presentedApiKey({ authorization: `ApiKey ${key}`, 'x-api-key': newApiKeySecret() })).toBe('malformed');
  });
});
