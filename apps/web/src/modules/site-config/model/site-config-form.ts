import type { SiteConfig } from '@valuation/contracts';
import {
  checkSiteImage,
  isHexColor,
  SITE_IMAGE_HEAD_BYTES,
  SITE_IMAGE_RULES,
  siteConfigSaveSchema,
  SiteConfigMsg,
  themeColorHex,
  THEME_PRESETS,
  validate,
  type SiteImageType,
} from '@valuation/domain';

/** What the form edits; the colour is the hex the custom input shows. */
export interface SiteConfigFormValues {
  productName: string;
  companyName: string;
  companyProfile: string;
  address: string;
  contact: string;
  email: string;
  themeColor: string;
}

export function formValuesOf(config: SiteConfig): SiteConfigFormValues {
  return {
    productName: config.productName,
    companyName: config.companyName,
    companyProfile: config.companyProfile,
    address: config.address,
    contact: config.contact,
    email: config.email,
    themeColor: themeColorHex(config.themeColor) ?? THEME_PRESETS[0],
  };
}

/** The form's checks: the server's schema, and a colour the custom input takes (#RGB or #RRGGBB). */
export function validateSiteConfig(values: SiteConfigFormValues): Record<string, string> {
  const result = validate(siteConfigSaveSchema, values);
  const errors = result.ok ? {} : { ...result.errors };
  if (!errors.themeColor && !isHexColor(values.themeColor)) errors.themeColor = SiteConfigMsg.colorInvalid;
  return errors;
}

/** Images picked in the form and not saved yet. */
export type PickedSiteImages = Partial<Record<SiteImageType, File>>;

/** The multipart fields of a save: the texts, the colour as the server stores it, and the picked images. */
export function saveBody(id: number | null, values: SiteConfigFormValues, files: PickedSiteImages): Record<string, string | number | File> {
  const checked = validate(siteConfigSaveSchema, values);
  if (!checked.ok) throw new Error('saveBody needs checked values');
  const body: Record<string, string | number | File> = { ...checked.value };
  delete body.id;
  if (id !== null) body.id = id;
  for (const rule of SITE_IMAGE_RULES) {
    const file = files[rule.type];
    if (file) body[rule.field] = file;
  }
  return body;
}

/** The message of a picked file the server would refuse (format by name and content, then size), or null. */
export async function pickedSiteImageError(type: SiteImageType, file: File): Promise<string | null> {
  const head = await readHead(file, SITE_IMAGE_HEAD_BYTES);
  const check = checkSiteImage(type, { name: file.name, size: file.size, head });
  return check.ok ? null : check.message;
}

/** The first bytes of a file. */
function readHead(file: File, bytes: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(file.slice(0, bytes));
  });
}
