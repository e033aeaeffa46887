import type { AgencyEvent } from './agency.state';
import type { AgencyReportType } from './agency.rules';

/** The steps an application's history records: its filing, then every event of the agency machine. */
export type AgencyHistoryEvent = 'SUBMIT' | AgencyEvent['type'];

export const AGENCY_EVENT_LABELS: Readonly<Record<AgencyHistoryEvent, string>> = {
  SUBMIT: '提交申请',
  RECEIVE: '接收',
  REPLY: '回复评估结果',
  READ: '已读',
};

/** What the filing recorded: the report and valuation type and the names of the attachments. */
export function agencySubmitData(a: {
  reportType: AgencyReportType;
  evalType: 1 | 2;
  files: readonly { name: string }[];
}): Record<string, unknown> {
  return { reportType: a.reportType, evalType: a.evalType, files: a.files.map((f) => f.name) };
}

/** What an event changed, as its history row keeps it: the receiver, or the prices and the names of the report files. */
export function agencyEventData(event: AgencyEvent): Record<string, unknown> {
  switch (event.type) {
    case 'RECEIVE':
      return { receiverName: event.receiverName.trim(), receiverPhone: event.receiverPhone.trim() };
    case 'REPLY':
      return { totalPrice: event.totalPrice, unitPrice: event.unitPrice, files: event.files.map((f) => f.name) };
    case 'READ':
      return {};
  }
}
