/** A field value as an operation-log row keeps it. */
export type LoggedValue = string | number | boolean | null | readonly (string | number)[];

/** The fields of a record that an administrator can change, before or after the change. */
export type RecordSnapshot = Readonly<Record<string, LoggedValue | undefined>>;

/** The fields that differ between two snapshots: their old and new values. */
export interface FieldChanges {
  before: Record<string, LoggedValue>;
  after: Record<string, LoggedValue>;
}

/** Values never written to the log, only the fact that they changed. */
const SECRET_FIELD = /password|pwd|secret|token/i;
export const HIDDEN_VALUE = '******';

const normalised = (value: LoggedValue | undefined): LoggedValue => (value === undefined || value === '' ? null : value);

function sameValue(a: LoggedValue, b: LoggedValue): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => v === b[i]);
  return a === b;
}

/**
 * The fields that differ between the snapshot before a change and the one after it; a created
 * record has no snapshot before, a deleted one none after, and then every field it has counts.
 * Secret fields (passwords, tokens) are kept only as ******. Empty text and a missing field are
 * the same.
 */
export function fieldChanges(before: RecordSnapshot | null, after: RecordSnapshot | null): FieldChanges {
  const changes: FieldChanges = { before: {}, after: {} };
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    const old = normalised(before?.[key]);
    const now = normalised(after?.[key]);
    if (before && after && sameValue(old, now)) continue;
    if (!before && now === null) continue;
    if (!after && old === null) continue;
    const hide = SECRET_FIELD.test(key);
    if (before) changes.before[key] = hide && old !== null ? HIDDEN_VALUE : old;
    if (after) changes.after[key] = hide && now !== null ? HIDDEN_VALUE : now;
  }
  return changes;
}

/** Whether a change changed anything. */
export const hasChanges = (changes: FieldChanges): boolean =>
  Object.keys(changes.before).length > 0 || Object.keys(changes.after).length > 0;

const shown = (value: LoggedValue | undefined): string => {
  if (value === undefined || value === null) return '空';
  if (Array.isArray(value)) return value.length ? value.join('、') : '空';
  if (typeof value === 'boolean') return value ? '是' : '否';
  return String(value);
};

/**
 * The changes in words, field by field with the labels given (the field's key without one):
 * 名称：按揭 → 按揭贷款；备注：空 → 个人住房. A created record lists its values, a deleted one
 * its old values.
 */
export function describeChanges(changes: FieldChanges, labels: Readonly<Record<string, string>> = {}): string {
  const keys = [...new Set([...Object.keys(changes.before), ...Object.keys(changes.after)])];
  const created = Object.keys(changes.before).length === 0;
  const deleted = Object.keys(changes.after).length === 0;
  return keys
    .map((key) => {
      const label = labels[key] ?? key;
      if (created) return `${label}：${shown(changes.after[key])}`;
      if (deleted) return `${label}：${shown(changes.before[key])}`;
      return `${label}：${shown(changes.before[key])} → ${shown(changes.after[key])}`;
    })
    .join('；');
}
