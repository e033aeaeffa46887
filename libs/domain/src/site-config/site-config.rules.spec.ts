import {
  checkSiteImage,
  isContactList,
  parseThemeColor,
  SiteConfigMsg,
  siteConfigSaveSchema,
  themeColorHex,
  toRgbaText,
} from './site-config.rules';
import { NAMED_COLORS } from './named-colors';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

describe('site configuration rules', () => {
  it('accepts phone lists split by half- or full-width commas, each number digits with hyphens', () => {
    expect(isContactList('400-800-1234')).toBe(true);
    expect(isContactList('010-12345678，13800000000,0571-1234')).toBe(true);
    expect(isContactList('010--1234')).toBe(false);
    expect(isContactList('13800000000,')).toBe(false);
    expect(isContactList('138 0000')).toBe(false);
  });

  it('reads #RGB, #RRGGBB and rgba, and stores rgba', () => {
    expect(parseThemeColor('#abc')).toEqual({ r: 170, g: 187, b: 204, a: 1 });
    expect(toRgbaText(parseThemeColor('#0CA678')!)).toBe('rgba(12, 166, 120, 1)');
    expect(themeColorHex('rgba(12, 166, 120, 0.5)')).toBe('#0ca678');
    expect(parseThemeColor('#abcd')).toBeNull();
    expect(parseThemeColor('rgb(256, 0, 0)')).toBeNull();
  });

  it('offers about 140 distinct named colours', () => {
    expect(NAMED_COLORS.length).toBeGreaterThanOrEqual(138);
    expect(new Set(NAMED_COLORS.map((c) => c.name)).size).toBe(NAMED_COLORS.length);
    expect(NAMED_COLORS.every((c) => themeColorHex(c.hex) === c.hex)).toBe(true);
  });

  it('requires the product name and checks the about-us URL', () => {
    const base = { productName: '系统', themeColor: '#1c7ed6' };
    expect(siteConfigSaveSchema.safeParse({ ...base, productName: ' ' }).error?.issues[0].message).toBe(SiteConfigMsg.productNameRequired);
    expect(siteConfigSaveSchema.safeParse({ ...base, companyProfile: 'about us' }).error?.issues[0].message).toBe(
      SiteConfigMsg.profileInvalid,
    );
    expect(siteConfigSaveSchema.parse({ ...base, companyProfile: 'www.example.com/about?a=1' }).themeColor).toBe('rgba(28, 126, 214, 1)');
  });

  it('checks images by content, then by the limit of their kind', () => {
    expect(checkSiteImage(1, { name: 'a.png', size: 10, head: new TextEncoder().encode('<svg/>') })).toEqual({
      ok: false,
      message: SiteConfigMsg.imageFormat,
    });
    expect(checkSiteImage(1, { name: 'a.png', size: 2 * 1024 * 1024 + 1, head: PNG })).toEqual({
      ok: false,
      message: SiteConfigMsg.logoTooLarge,
    });
    expect(checkSiteImage(2, { name: 'a.png', size: 2 * 1024 * 1024 + 1, head: PNG })).toMatchObject({ ok: true, format: 'png' });
    expect(checkSiteImage(2, { name: 'a.png', size: 20 * 1024 * 1024 + 1, head: PNG })).toEqual({
      ok: false,
      message: SiteConfigMsg.backgroundTooLarge,
    });
  });
});
