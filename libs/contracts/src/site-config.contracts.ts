/** GET /api/site-config/get and GET /api/tenant/site-config/get */
export interface SiteConfig {
  id: number | null;
  productName: string;
  companyName: string;
  companyProfile: string;
  address: string;
  contact: string;
  email: string;
  /** rgba(r, g, b, a) as stored; the web turns it into a Mantine colour. */
  themeColor: string;
  hasLogo: boolean;
  hasBackground: boolean;
  /** Changes whenever an image changes, so image URLs can carry it as a cache-buster. */
  version: string;
}
