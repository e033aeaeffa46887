import { z } from 'zod';
import { recordIdSchema } from '@valuation/domain';

export const NotifySettingsMsg = {
  organization: '请选择机构',
  webhookUrl: '请输入正确的回调地址',
  notFound: '机构不存在或不在您的管理范围内',
  noWebhook: '请先保存回调地址',
} as const;

const organizationId = recordIdSchema(NotifySettingsMsg.organization);

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export const notifySettingsQuerySchema = z.object({ organizationId });
export type NotifySettingsQuery = z.output<typeof notifySettingsQuerySchema>;

export const notifySettingsSaveSchema = z.object({
  organizationId,
  /** Empty removes the webhook. */
  webhookUrl: z
    .string({ error: NotifySettingsMsg.webhookUrl })
    .trim()
    .max(500, NotifySettingsMsg.webhookUrl)
    .refine((v) => v === '' || isHttpUrl(v), NotifySettingsMsg.webhookUrl),
  regenerateSecret: z.boolean().optional().default(false),
});
export type NotifySettingsSaveInput = z.output<typeof notifySettingsSaveSchema>;
