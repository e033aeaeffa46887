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
