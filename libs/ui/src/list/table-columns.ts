import type { ReactNode } from 'react';

export interface TableColumn<T> {
  key: string;
  title: ReactNode;
  /** Field shown as text when no `render` is given. */
  field?: keyof T;
  render?: (row: T, index: number) => ReactNode;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
  /** The column is shown only to users holding this permission; without it the column is absent. */
  permission?: number;
  /** Keeps the cell on one line. */
  nowrap?: boolean;
  /** The header sorts the list on the server by this column's key (a list state with `sortFields`). */
  sortable?: boolean;
}

export interface RowAction<T> {
  key: string;
  label: ReactNode;
  /** The action is offered only to users holding this permission; without it the action is absent. */
  permission?: number;
  /** Whether the action applies to a row (its state); absent on rows where it does not. */
  visible?: (row: T) => boolean;
  /** A link to another page; the action is absent on a row where it gives undefined (a page the user may not open). */
  href?: (row: T) => string | undefined;
  onClick?: (row: T) => void;
  color?: string;
  /** The action is under way for this row (shown busy and not clickable). */
  busy?: (row: T) => boolean;
  /** Shown right after the action (an unread dot). */
  after?: (row: T) => ReactNode;
}

const allowed = (permission: number | undefined, granted: ReadonlySet<number> | undefined) =>
  permission === undefined || (granted !== undefined && granted.has(permission));

/** The columns the user may see: a column with a permission the user lacks is left out. */
export function permittedColumns<T>(columns: readonly TableColumn<T>[], granted?: ReadonlySet<number>): TableColumn<T>[] {
  return columns.filter((c) => allowed(c.permission, granted));
}

/** The row actions the user may use. */
export function permittedActions<T>(actions: readonly RowAction<T>[], granted?: ReadonlySet<number>): RowAction<T>[] {
  return actions.filter((a) => allowed(a.permission, granted));
}

/** Whether an action applies to a row: its state rule allows it and its link (if any) leads somewhere. */
export function actionApplies<T>(action: RowAction<T>, row: T): boolean {
  if (action.visible && !action.visible(row)) return false;
  if (action.href && action.href(row) === undefined) return false;
  return true;
}

/** Whether the user may use something guarded by `permission` (no permission: everyone). */
export const isPermitted = allowed;
