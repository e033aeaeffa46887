import { z } from 'zod';

export const siteConfigSchema = z
  .object({
    id: z.number().nullable(),
    productName: z.string(),
    companyName: z.string(),
    companyProfile: z.string(),
    address: z.string(),
    contact: z.string(),
    email: z.string(),
    themeColor: z.string().describe('rgba(r, g, b, a) as stored; the web turns it into a Mantine colour.'),
    hasLogo: z.boolean(),
    hasBackground: z.boolean(),
    version: z.string().describe('Changes whenever an image changes, so image URLs can carry it as a cache-buster.'),
  })
  .meta({ id: 'SiteConfig', description: 'GET /api/site-config/get and GET /api/tenant/site-config/get' });
export type SiteConfig = z.infer<typeof siteConfigSchema>;

export const evalMethodSettingSchema = z
  .object({
    tenantId: z.number(),
    evalFlags: z
      .string()
      .describe('Comma list of the chosen methods: 1 comparison, 2 multiple regression, 3 standard price adjustment, 4 regional average.'),
    evalClass: z.enum(['A', 'B', 'C']).nullable().describe('Confidence class of the comparison method; null when comparison is not used.'),
  })
  .meta({ id: 'EvalMethodSetting', description: "GET api/org/tenant/getevalclass: the channel's valuation methods and confidence class." });
export type EvalMethodSetting = z.infer<typeof evalMethodSettingSchema>;
