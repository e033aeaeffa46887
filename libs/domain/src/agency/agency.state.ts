/**
 * An institution (agency) valuation application (POST api/org/req): pending (1) until tenant staff
 * receive it with a receiver name and phone (2, in progress), then done (3) once they reply with
 * the prices and the report files. The customer and the tenant each have a read marker: an
 * application has news for the customer when it was received or answered, and for the tenant when
 * it arrives. The server stores the state value and context and applies events through
 * applyAgencyEvent (`@valuation/domain/machines`).
 */

/** Who acts on an application: the requesting customer user or tenant staff. */
export interface AgencyActor {
  population: 'user' | 'tenant';
  id: number;
  name: string;
}

/** A report file of the reply, as stored. */
export interface AgencyFileRef {
  name: string;
  key: string;
  size?: number;
  type?: string;
}

export interface AgencyContext {
  receiverName: string | null;
  receiverPhone: string | null;
  /** The reply's total price (reportResult). */
  totalPrice: number | null;
  /** The reply's unit price (reportResultSingle). */
  unitPrice: number | null;
  files: AgencyFileRef[];
  /** Whether the customer has seen the latest change (receive or reply). */
  userRead: boolean;
  /** Whether the tenant has seen the application. */
  tenantRead: boolean;
}

export type AgencyEvent =
  | { type: 'RECEIVE'; actor: AgencyActor; receiverName: string; receiverPhone: string }
  | { type: 'REPLY'; actor: AgencyActor; totalPrice: number; unitPrice: number; files: readonly AgencyFileRef[] }
  | { type: 'READ'; actor: AgencyActor };

export type AgencyEventType = AgencyEvent['type'];

export const AgencyWorkflowMsg = {
  notAllowed: '当前状态不允许该操作',
  forbidden: '您没有该操作的权限',
  alreadyReceived: '该估价申请已被接收，请勿重复操作',
  notReceived: '请先接收该估价申请再回复',
  alreadyDone: '该估价申请已回复评估结果',
  receiverRequired: '请输入接收人姓名',
  receiverPhoneInvalid: '请输入正确联系电话',
  priceInvalid: '评估价格不正确',
  filesRequired: '请上传评估文件',
  tooManyFiles: '最多上传5个文件',
  notFound: '估价申请不存在',
  conflict: '该估价申请已被他人更新，请刷新后重试',
} as const;

export const INITIAL_AGENCY_CONTEXT: AgencyContext = {
  receiverName: null,
  receiverPhone: null,
  totalPrice: null,
  unitPrice: null,
  files: [],
  userRead: true,
  tenantRead: false,
};

export type AgencyStateValue = 'pending' | 'received' | 'done';
export type AgencyStateCode = 1 | 2 | 3;

/** An application as stored: the machine's state value and context. */
export interface StoredAgencyState {
  value: AgencyStateValue;
  context: AgencyContext;
}

export const INITIAL_AGENCY_STATE: StoredAgencyState = { value: 'pending', context: INITIAL_AGENCY_CONTEXT };

const STATE_CODES: Readonly<Record<AgencyStateValue, AgencyStateCode>> = { pending: 1, received: 2, done: 3 };

/** The reportStatus of the specification: 1 pending, 2 in progress (received), 3 done. */
export const agencyStateCode = (value: AgencyStateValue): AgencyStateCode => STATE_CODES[value];

/** The state value of a stored reportStatus, or null for an unknown code. */
export function agencyStateValue(code: number): AgencyStateValue | null {
  const found = (Object.keys(STATE_CODES) as AgencyStateValue[]).find((v) => STATE_CODES[v] === code);
  return found ?? null;
}

/** The read status sent by api/org/updatereadstatus and api/org/tenant/updatereadstatus: 0 read, 1 unread. */
export const agencyReadStatus = (read: boolean): 0 | 1 => (read ? 0 : 1);

export type AgencyTransition = { ok: true; next: StoredAgencyState } | { ok: false; message: string };
