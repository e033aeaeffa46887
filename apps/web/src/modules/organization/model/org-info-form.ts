import type { OrgInfo } from '@valuation/contracts';
import { checkOrgLicense, ORG_BUSINESS_TYPES, ORG_LICENSE_HEAD_BYTES, type OrgEdit, type OrgInfoFormValues } from '@valuation/domain';

/** The form's values from the stored organisation. */
export function formValuesOf(info: OrgInfo): OrgInfoFormValues {
  return {
    id: info.id,
    name: info.name,
    provinceCode: info.provinceCode,
    provinceName: info.provinceName,
    cityCode: info.cityCode,
    cityName: info.cityName,
    address: info.address,
    socialCode: info.socialCode,
    contact: info.contact,
    contactNumber: info.contactNumber,
    email: info.email,
    fax: info.fax,
    bussinessType: info.bussinessType
      .split(',')
      .filter((t): t is (typeof ORG_BUSINESS_TYPES)[number] => (ORG_BUSINESS_TYPES as readonly string[]).includes(t)),
  };
}

export interface OrgInfoSave {
  request: OrgEdit;
  topLevel: boolean;
  /** A licence picked and not saved yet (customer companies only). */
  license: File | null;
}

/** The multipart fields of POST api/auth/org/edit; a sub-organisation sends no social code or licence. */
export function infoBody({ request, topLevel, license }: OrgInfoSave): Record<string, string | number | File> {
  const body: Record<string, string | number | File> = {
    id: request.id,
    name: request.name,
    provinceCode: request.provinceCode ?? '',
    provinceName: request.provinceName ?? '',
    cityCode: request.cityCode ?? '',
    cityName: request.cityName ?? '',
    address: request.address ?? '',
    contact: request.contact ?? '',
    contactNumber: request.contactNumber ?? '',
    email: request.email ?? '',
    fax: request.fax ?? '',
    bussinessType: (request.bussinessType ?? []).join(','),
  };
  if (topLevel) {
    body.socialCode = request.socialCode ?? '';
    if (license) body.licenseFile = license;
  }
  return body;
}

/** The message of a picked licence the server would refuse (format by name and content, then size), or null. */
export async function pickedLicenseError(file: File): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, ORG_LICENSE_HEAD_BYTES).arrayBuffer());
  const check = checkOrgLicense({ name: file.name, size: file.size, head });
  return check.ok ? null : check.message;
}
