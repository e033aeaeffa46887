import type { CustomerCompanyView } from '@valuation/contracts';
import { checkLicenceImage, LICENCE_IMAGE_HEAD_BYTES } from '@valuation/domain';

/** The form's fields, as text (the select values too); the licence is kept apart. */
export interface CompanyFormValues extends Record<string, unknown> {
  name: string;
  categoryId: string;
  provinceCode: string;
  cityCode: string;
  address: string;
  socialCode: string;
  contact: string;
  contactNumber: string;
  email: string;
  fax: string;
  department: string;
  position: string;
  /** 押品重估计费: 'true' or 'false'. */
  revalCharge: string;
}

export type CompanyFormTarget = { kind: 'add' } | { kind: 'edit'; row: CustomerCompanyView };

const EMPTY: CompanyFormValues = {
  name: '',
  categoryId: '',
  provinceCode: '',
  cityCode: '',
  address: '',
  socialCode: '',
  contact: '',
  contactNumber: '',
  email: '',
  fax: '',
  department: '',
  position: '',
  revalCharge: 'false',
};

export function initialCompanyForm(target: CompanyFormTarget): CompanyFormValues {
  if (target.kind === 'add') return { ...EMPTY };
  const r = target.row;
  return {
    name: r.name,
    categoryId: r.categoryId === null ? '' : String(r.categoryId),
    provinceCode: r.provinceCode,
    cityCode: r.cityCode,
    address: r.address,
    socialCode: r.socialCode,
    contact: r.contact,
    contactNumber: r.contactNumber,
    email: r.email,
    fax: r.fax,
    department: r.department,
    position: r.position,
    revalCharge: String(r.revalCharge),
  };
}

/** Province and city names as the region tree names them (the server takes its own from the same table). */
export interface RegionNames {
  provinceName: string;
  cityName: string;
}

/** The request the server's schema reads: the form's fields, the region names, and the id on edit. */
export function companyRequest(target: CompanyFormTarget, values: CompanyFormValues, regions: RegionNames): Record<string, unknown> {
  const request = { ...values, ...regions };
  return target.kind === 'edit' ? { id: target.row.id, ...request } : request;
}

/** The message of a picked licence the server would refuse (type by name and content, then size), or null. */
export async function pickedLicenceError(file: File): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, LICENCE_IMAGE_HEAD_BYTES).arrayBuffer());
  const check = checkLicenceImage({ name: file.name, size: file.size, head });
  return check.ok ? null : check.message;
}
