import type { AppraisalCaseView, CaseHistoryView } from '@valuation/contracts';
import { formatDateTime, isCaseRequester, isOverdue, type CaseActor } from '@valuation/domain';
import type { AppraisalCaseEntity, AppraisalCaseHistoryEntity } from '@valuation/persistence';

const EVENT_NAMES: Readonly<Record<CaseHistoryView['event'], string>> = {
  SUBMIT: '提交',
  CLAIM: '领取',
  RELEASE: '释放',
  ANSWER: '答复',
  REFUSE: '退回',
  READ: '已读',
  WITHDRAW: '撤回',
};

/** yyyy-MM-dd HH:mm:ss in the business time zone, as the other record views give times. */
export function caseTime(d: Date): string {
  return formatDateTime(d);
}

const num = (v: string | null) => (v === null ? null : Number(v));

export function caseHistoryView(h: AppraisalCaseHistoryEntity): CaseHistoryView {
  const event = h.event as CaseHistoryView['event'];
  return {
    event,
    eventName: EVENT_NAMES[event] ?? h.event,
    fromState: h.fromState,
    toState: h.toState,
    actorName: h.actorName,
    time: caseTime(h.createdAt),
    data: h.data,
  };
}

/**
 * A case as the API gives it, with its history oldest first. `viewer` is who asks: the view says
 * whether that is the case's requester (only the requester's opening marks an answer read).
 */
export function appraisalCaseView(
  c: AppraisalCaseEntity,
  history: readonly AppraisalCaseHistoryEntity[] = [],
  { viewer = null, now = new Date() }: { viewer?: CaseActor | null; now?: Date } = {},
): AppraisalCaseView {
  return {
    id: Number(c.id),
    caseNo: c.caseNo,
    kind: c.kind,
    state: c.state,
    machineState: c.machineState,
    version: c.version,
    evalType: c.evalType,
    evalCode: c.evalCode,
    initiate: c.initiate,
    sourceId: c.sourceId === null ? null : Number(c.sourceId),
    cityCode: c.cityCode,
    cityName: c.cityName,
    haCode: c.haCode,
    haName: c.haName,
    cardAddress: c.cardAddress,
    location: c.location,
    bldgArea: num(c.bldgArea),
    principalCode: c.principalCode,
    houseInfo: c.houseInfo,
    reason: c.reason,
    otherReason: c.otherReason,
    remark: c.remark,
    proposedPrice: num(c.proposedPrice),
    originalPrice: num(c.originalPrice),
    files: c.files.map((f, index) => ({ index, name: f.name, size: f.size, type: f.type })),
    assigneeName: c.context.assigneeName,
    reviewTotalPrice: num(c.reviewTotalPrice),
    reviewUnitPrice: num(c.reviewUnitPrice),
    reviewReply: c.reviewReply,
    refuseReason: c.refuseReason,
    submitTime: caseTime(c.createdAt),
    reviewTime: c.reviewedAt ? caseTime(c.reviewedAt) : null,
    dueTime: caseTime(c.dueAt),
    overdue: c.state === 1 && isOverdue(c.dueAt, now),
    read: c.context.read,
    ownRequest: viewer !== null && isCaseRequester(c.context, viewer),
    history: history.map(caseHistoryView),
  };
}
