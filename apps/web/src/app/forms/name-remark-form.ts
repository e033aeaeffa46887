/** The fields of a record that is a name and a remark (business types, customer categories, asset types). */
export interface NameRemarkValues extends Record<string, unknown> {
  name: string;
  remark: string;
}

/** Adding a record, or editing one: its id and current name and remark. */
export type NameRemarkTarget = { kind: 'add' } | { kind: 'edit'; id: number; name: string; remark: string };

export function initialNameRemark(target: NameRemarkTarget): NameRemarkValues {
  return target.kind === 'edit' ? { name: target.name, remark: target.remark } : { name: '', remark: '' };
}

/** The request the server's schema reads: the form's fields, and the id on edit. */
export function nameRemarkRequest(target: NameRemarkTarget, values: NameRemarkValues): Record<string, unknown> {
  return target.kind === 'edit' ? { id: target.id, ...values } : { ...values };
}
