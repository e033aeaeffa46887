/**
 * The cases human appraisers answer: manual enquiries (artificial), re-appraisals (review) and
 * price objections. One machine per kind is the only authority on what may happen next; the server
 * stores the state value and context, applies events through applyCaseEvent (`@valuation/domain/machines`)
 * and records every transition.
 */
export type AppraisalCaseKind = 'artificial' | 'review' | 'objection';

/** Who acts on a case: the requesting user or a tenant appraiser. */
export interface CaseActor {
  population: 'user' | 'tenant';
  id: number;
  name: string;
}

export interface AppraisalCaseContext {
  /** The user who filed the case (account id): only this user's reading marks the answer read. */
  requesterId: number;
  /** The appraiser working on the case (tenant staff id), null while it waits in the queue. */
  assigneeId: number | null;
  assigneeName: string | null;
  /** Whether the requester has read the answer. */
  read: boolean;
}

export type AppraisalCaseEvent =
  | { type: 'CLAIM'; actor: CaseActor }
  | { type: 'RELEASE'; actor: CaseActor }
  | { type: 'ANSWER'; actor: CaseActor; totalPrice?: number; unitPrice?: number; reply: string }
  | { type: 'REFUSE'; actor: CaseActor; reason: string }
  | { type: 'READ'; actor: CaseActor }
  | { type: 'WITHDRAW'; actor: CaseActor };

export type AppraisalCaseEventType = AppraisalCaseEvent['type'];

export const WorkflowMsg = {
  notAllowed: '当前状态不允许该操作',
  claimedByOther: '该案件已由其他估价师处理',
  notAssignee: '请先领取该案件再处理',
  notRequester: '仅申请人本人查看答复时标记已读',
  conflict: '该案件已被他人更新，请刷新后重试',
  notFound: '案件不存在',
  withdrawClaimed: '估价师已受理该询价，无法撤回',
  withdrawAnswered: '该询价已处理完成，无法撤回',
  alreadyWithdrawn: '该询价已撤回',
  notRequesterWithdraw: '仅申请人本人可以撤回',
} as const;

/** Whether the actor is the user who filed the case (and so the one whose reading counts). */
export function isCaseRequester(context: Pick<AppraisalCaseContext, 'requesterId'>, actor: CaseActor): boolean {
  return actor.population === 'user' && context.requesterId === actor.id;
}

export type AppraisalCaseStateValue = 'pending' | 'claimed' | 'succeeded' | 'failed' | 'completed' | 'withdrawn';

/** The one label of a manual enquiry its requester withdrew, wherever the case is listed. */
export const CASE_WITHDRAWN_LABEL = '已撤回';

/** The state codes: 1 pending or processing, 2 succeeded or completed, 3 failed, 4 withdrawn by the requester. */
export type CaseStateCode = 1 | 2 | 3 | 4;

/** A case as stored: the machine's state value and context. */
export interface StoredCaseState {
  value: AppraisalCaseStateValue;
  context: AppraisalCaseContext;
}

/**
 * The state code of the specification: manual enquiries and re-appraisals 1 pending, 2 succeeded,
 * 3 failed; objections 1 processing, 2 completed; a manual enquiry its requester withdrew 4.
 */
export function caseStateCode(value: AppraisalCaseStateValue): CaseStateCode {
  if (value === 'succeeded' || value === 'completed') return 2;
  if (value === 'failed') return 3;
  if (value === 'withdrawn') return 4;
  return 1;
}

export type CaseTransition = { ok: true; next: StoredCaseState } | { ok: false; message: string };
