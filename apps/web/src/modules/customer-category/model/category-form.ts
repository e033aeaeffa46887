import type { CustomerCategoryView } from '@valuation/contracts';

export interface CategoryFormValues extends Record<string, unknown> {
  name: string;
  remark: string;
}

export type CategoryFormTarget = { kind: 'add' } | { kind: 'edit'; row: CustomerCategoryView };

export function initialCategoryForm(target: CategoryFormTarget): CategoryFormValues {
  return target.kind === 'edit' ? { name: target.row.name, remark: target.row.remark } : { name: '', remark: '' };
}

/** The request the server's schema reads: the form's fields, and the id on edit. */
export function categoryRequest(target: CategoryFormTarget, values: CategoryFormValues): Record<string, unknown> {
  return target.kind === 'edit' ? { id: target.row.id, ...values } : { ...values };
}
