import type { BusinessView } from '@valuation/contracts';

export interface BusinessFormValues extends Record<string, unknown> {
  name: string;
  remark: string;
}

export type BusinessFormTarget = { kind: 'add' } | { kind: 'edit'; row: BusinessView };

export function initialBusinessForm(target: BusinessFormTarget): BusinessFormValues {
  return target.kind === 'edit' ? { name: target.row.businessName, remark: target.row.businessRemark } : { name: '', remark: '' };
}

/** The request the server's schema reads: the form's fields, and the id on edit. */
export function businessRequest(target: BusinessFormTarget, values: BusinessFormValues): Record<string, unknown> {
  return target.kind === 'edit' ? { id: target.row.id, ...values } : { ...values };
}
