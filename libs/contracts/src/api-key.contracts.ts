import { z } from 'zod';

const scopeSchema = z.enum(['valuate', 'batch', 'reports', 'read']);

export const apiKeyViewSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    prefix: z.string().describe('The first 8 characters of the key (vk_ and 5 more); the key itself is never shown again.'),
    scopes: z.array(scopeSchema).describe('valuate 估价, batch 批量估价, reports 报告, read 查询结果.'),
    rateLimitPerMinute: z.number().int(),
    createBy: z.number().nullable(),
    createName: z.string().nullable(),
    createTime: z.string().describe('yyyy-MM-dd HH:mm:ss'),
    lastUsedTime: z.string().nullable().describe('yyyy-MM-dd HH:mm:ss, to the minute; null when never used.'),
    state: z.union([z.literal(1), z.literal(2)]).describe('1 有效, 2 已吊销.'),
    revokeTime: z.string().nullable(),
    revokeName: z.string().nullable(),
  })
  .meta({ id: 'ApiKeyView', description: 'GET api/api-key/list rows; the answer of api/api-key/revoke.' });
export type ApiKeyView = z.infer<typeof apiKeyViewSchema>;

export const apiKeyCreatedSchema = z
  .object({
    key: apiKeyViewSchema,
    secret: z.string().describe('The whole key, vk_ and 40 characters: shown in this answer only, never stored.'),
  })
  .meta({ id: 'ApiKeyCreated', description: 'POST api/api-key/add: the key and, this once, its secret.' });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;
