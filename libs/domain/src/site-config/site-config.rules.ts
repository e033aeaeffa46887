/**
 * Site configuration (branding) of an organisation (staff spec 2.10, section 3 "Site config" and
 * section 5) and of a channel (channel spec screen 7 and section 5): texts, theme colour and the
 * logo and login background images.
 */
import { z } from 'zod';
import type { SiteImageType } from '../codes/codes';
import { EMAIL_PATTERN } from '../validation/identity.schemas';
import {
  detectImageFormat,
  IMAGE_SIGNATURE_BYTES,
  REPORT_IMAGE_CONTENT_TYPES,
  REPORT_IMAGE_EXTENSIONS,
  type ReportImageFormat,
} from '../report-config/report-image.rules';

export const SiteConfigMsg = {
  productNameRequired: '请输入系统名称',
  productNameTooLong: '系统名称不可超过50个字符',
  companyNameTooLong: '公司名称不可超过50个字符',
  profileInvalid: '关于我们应为URL链接格式',
  profileTooLong: '关于我们不可超过500个字符',
  addressTooLong: '公司地址不可超过100个字符',
  contactInvalid: '请输入正确的联系电话',
  contactTooLong: '联系电话不可超过50个字符',
  emailInvalid: '请输入正确的邮箱',
  emailTooLong: '公司邮箱不可超过50个字符',
  colorInvalid: '请输入正确的颜色值！',
  imageFormat: '请上传正确的图片格式!',
  logoTooLarge: 'LOGO图片不可大于2M',
  backgroundTooLarge: '背景图片不可大于20M',
  imageTypeInvalid: '图片类型不正确',
  noImage: '未设置该图片',
  saved: '网站配置保存成功！',
  saveFailed: '网站配置保存失败，请刷新重试！',
  imageDeleted: '图片删除成功！',
  cancelConfirm: '确认取消当前操作?',
} as const;

export const SITE_CONFIG_LIMITS = {
  productName: 50,
  companyName: 50,
  companyProfile: 500,
  address: 100,
  contact: 50,
  email: 50,
} as const;

/** Wait before the page reloads after a save, in ms (staff spec section 9). */
export const SITE_CONFIG_RELOAD_MS = 300;

/** Field labels of a site configuration in the operation log, in the form's order. */
export const SITE_CONFIG_LOG_LABELS = {
  productName: '系统名称',
  companyName: '公司名称',
  companyProfile: '关于我们',
  address: '公司地址',
  contact: '联系电话',
  email: '公司邮箱',
  themeColor: '主题颜色',
  logo: 'LOGO',
  background: '登录背景',
} as const;

/** A web address, with or without its scheme: host with a dot, optional port, path and query. */
export const SITE_URL_PATTERN = /^(https?:\/\/)?([A-Za-z0-9-]+\.)+[A-Za-z0-9-]{2,}(:\d{1,5})?([/?#][^\s]*)?$/i;

/** One telephone number: digits, optionally grouped by hyphens (010-12345678, 400-800-1234). */
const PHONE_PATTERN = /^[0-9]+(-[0-9]+)*$/;

/** Several numbers are separated by a half-width or full-width comma; each must be a number. */
export function isContactList(value: string): boolean {
  return value.split(/[,，]/).every((part) => PHONE_PATTERN.test(part.trim()));
}

const HEX_COLOR_PATTERN = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const RGBA_PATTERN = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*(0|1|0?\.\d+|1\.0+)\s*)?\)$/i;

export interface RgbaColor {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** A colour the editor accepts (#RGB or #RRGGBB) or as stored (rgb/rgba), else null. */
export function parseThemeColor(input: string): RgbaColor | null {
  const text = input.trim();
  const hex = HEX_COLOR_PATTERN.exec(text);
  if (hex) {
    const digits = hex[1].length === 3 ? [...hex[1]].map((d) => d + d).join('') : hex[1];
    const n = (i: number) => parseInt(digits.slice(i, i + 2), 16);
    return { r: n(0), g: n(2), b: n(4), a: 1 };
  }
  const fn = RGBA_PATTERN.exec(text);
  if (!fn) return null;
  const [r, g, b] = [fn[1], fn[2], fn[3]].map(Number);
  if (r > 255 || g > 255 || b > 255) return null;
  return { r, g, b, a: fn[4] === undefined ? 1 : Number(fn[4]) };
}

/** Whether the custom colour input holds #RGB or #RRGGBB. */
export function isHexColor(input: string): boolean {
  return HEX_COLOR_PATTERN.test(input.trim());
}

/** The stored form of a colour: `rgba(r, g, b, a)`. */
export function toRgbaText({ r, g, b, a }: RgbaColor): string {
  return `rgba(${r}, ${g}, ${b}, ${a})`;
}

/** `#rrggbb` of a colour in any accepted form, or null. */
export function themeColorHex(input: string): string | null {
  const c = parseThemeColor(input);
  if (!c) return null;
  return `#${[c.r, c.g, c.b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** Form text, trimmed; a missing value is empty text. */
const trimmed = (message: string) =>
  z.preprocess((v) => (v === undefined || v === null ? '' : typeof v === 'string' ? v.trim() : v), z.string({ message }));

const optionalText = (max: number, tooLong: string, valid?: (v: string) => boolean, invalid?: string) =>
  trimmed(invalid ?? tooLong).pipe(
    z
      .string()
      .max(max, tooLong)
      .refine((v) => !valid || v === '' || valid(v), invalid ?? tooLong),
  );

/** The text fields of POST api/site-config/save and api/tenant/site-config/save (the images come as files). */
export const siteConfigSaveSchema = z.object({
  /** The configuration the form was loaded from; the save always writes the caller's own configuration. */
  id: z.preprocess((v) => (v === '' || v === null || v === 'null' ? undefined : v), z.coerce.number().int().positive().optional()),
  productName: trimmed(SiteConfigMsg.productNameRequired).pipe(
    z.string().min(1, SiteConfigMsg.productNameRequired).max(SITE_CONFIG_LIMITS.productName, SiteConfigMsg.productNameTooLong),
  ),
  companyName: optionalText(SITE_CONFIG_LIMITS.companyName, SiteConfigMsg.companyNameTooLong),
  companyProfile: optionalText(
    SITE_CONFIG_LIMITS.companyProfile,
    SiteConfigMsg.profileTooLong,
    (v) => SITE_URL_PATTERN.test(v),
    SiteConfigMsg.profileInvalid,
  ),
  address: optionalText(SITE_CONFIG_LIMITS.address, SiteConfigMsg.addressTooLong),
  contact: optionalText(SITE_CONFIG_LIMITS.contact, SiteConfigMsg.contactTooLong, isContactList, SiteConfigMsg.contactInvalid),
  email: optionalText(SITE_CONFIG_LIMITS.email, SiteConfigMsg.emailTooLong, (v) => EMAIL_PATTERN.test(v), SiteConfigMsg.emailInvalid),
  themeColor: trimmed(SiteConfigMsg.colorInvalid).pipe(
    z
      .string()
      .refine((v) => parseThemeColor(v) !== null, SiteConfigMsg.colorInvalid)
      .transform((v) => toRgbaText(parseThemeColor(v) as RgbaColor)),
  ),
});
export type SiteConfigSaveInput = z.output<typeof siteConfigSaveSchema>;
export type SiteConfigFormInput = z.input<typeof siteConfigSaveSchema>;

const siteImageTypeField = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce
    .number({ message: SiteConfigMsg.imageTypeInvalid })
    .refine((n) => n === 1 || n === 2, SiteConfigMsg.imageTypeInvalid)
    .transform((n) => n as SiteImageType),
);

/** GET .../site-config/images and POST .../site-config/delete: type 1 logo, 2 background. */
export const siteImageQuerySchema = z.object({ type: siteImageTypeField });

export interface SiteImageRule {
  type: SiteImageType;
  /** The multipart field of the save. */
  field: 'logoFile' | 'backgroundFile';
  name: string;
  maxBytes: number;
  tooLarge: string;
  /** Recommended size, for the form's hint. */
  recommended: string;
}

export const SITE_IMAGE_RULES: readonly SiteImageRule[] = [
  { type: 1, field: 'logoFile', name: 'LOGO', maxBytes: 2 * 1024 * 1024, tooLarge: SiteConfigMsg.logoTooLarge, recommended: '40×40' },
  {
    type: 2,
    field: 'backgroundFile',
    name: '登录背景',
    maxBytes: 20 * 1024 * 1024,
    tooLarge: SiteConfigMsg.backgroundTooLarge,
    recommended: '1920×1080',
  },
];

export function siteImageRule(type: SiteImageType): SiteImageRule {
  return SITE_IMAGE_RULES.find((r) => r.type === type) as SiteImageRule;
}

export const SITE_IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif,.png,.jpg,.jpeg,.gif';
export const SITE_IMAGE_HEAD_BYTES = IMAGE_SIGNATURE_BYTES;

export type SiteImageCheck = { ok: true; format: ReportImageFormat; contentType: string } | { ok: false; message: string };

/** Name and content must be png, jpg, jpeg or gif (checked by the bytes, not the name alone), then the size limit. */
export function checkSiteImage(type: SiteImageType, file: { name: string; size: number; head: Uint8Array }): SiteImageCheck {
  const ext = /\.([A-Za-z]+)$/.exec(file.name.trim())?.[1].toLowerCase();
  const format = ext && (REPORT_IMAGE_EXTENSIONS as readonly string[]).includes(ext) ? detectImageFormat(file.head) : null;
  if (!format) return { ok: false, message: SiteConfigMsg.imageFormat };
  const rule = siteImageRule(type);
  if (file.size > rule.maxBytes) return { ok: false, message: rule.tooLarge };
  return { ok: true, format, contentType: REPORT_IMAGE_CONTENT_TYPES[format] };
}
