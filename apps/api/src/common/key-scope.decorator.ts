import { SetMetadata } from '@nestjs/common';
import type { ApiKeyScope } from '@valuation/domain';

export const KEY_SCOPE_KEY = 'api-key-scope';

/**
 * The endpoint may also be called with an API key holding this scope (`Authorization: ApiKey vk_...`
 * or `X-Api-Key: vk_...`), as the key's account. Endpoints without it refuse keys with 401.
 */
export const KeyScope = (scope: ApiKeyScope) => SetMetadata(KEY_SCOPE_KEY, scope);

/** The scope a key needs to call the handler, or undefined when keys may not call it. */
export const keyScopeOf = (handler: object): ApiKeyScope | undefined => Reflect.getMetadata(KEY_SCOPE_KEY, handler);
