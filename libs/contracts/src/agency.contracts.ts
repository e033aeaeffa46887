/**
 * Institution (agency) valuation applications, as the organisation side (api/org/...) and the
 * channel side (api/org/tenant/...) give them.
 */

/** A downloadable file of an application: the customer's attachment or a report file of the reply. */
export interface AgencyFileLink {
  kind: 'attachment' | 'report';
  /** Position in its list; with kind and detailID it names the file to GET api/org/download or api/org/tenant/download. */
  index: number;
  name: string;
  size: number;
}

/** One transition of a workflow (an institution valuation or a customer domain application): who did what, when, from which state to which. */
export interface WorkflowHistoryView {
  /** The step: SUBMIT, RECEIVE, REPLY, READ for applications; APPLY, EDIT, COMPLETE, FAIL for domains. */
  event: string;
  /** Chinese name of the step. */
  eventName: string;
  fromState: string | null;
  toState: string;
  /** Who acted: a customer user, tenant staff or the platform operator. */
  actorPopulation: 'user' | 'tenant' | 'operator';
  actorName: string;
  /** yyyy-MM-dd HH:mm:ss */
  time: string;
  /** What the step changed (receiver, prices and report file names, domain, reason...). */
  data: Record<string, unknown>;
}

/** One row of GET api/org/list and api/org/tenant/list. */
export interface AgencyListItem {
  detailID: number;
  /** Increases with every transition but a side's reading; receive and reply may send the version seen to get a conflict when it changed since. */
  version: number;
  customerName: string;
  customerPhone: string;
  /** The user who filed it and the customer company (shown on the channel side). */
  applicantName: string;
  companyName: string;
  /** yyyy-MM-dd HH:mm:ss */
  submitTime: string;
  /** yyyy-MM-dd HH:mm:ss */
  updateTime: string;
  cityName: string;
  haName: string | null;
  cardAddress: string | null;
  location: string | null;
  bldgtypeName: string;
  bldgArea: number | null;
  /** true formal, false preliminary (pre-assessment). */
  reportType: boolean;
  /** 1 pending, 2 in progress, 3 done. */
  reportStatus: 1 | 2 | 3;
  /** The replied total price in yuan (null until done). */
  reportResult: number | null;
  evalType: 1 | 2;
  receiverName: string | null;
  receiverPhone: string | null;
  totalPrice: number | null;
  unitPrice: number | null;
  /** The customer's attachments. */
  downloadUrl: AgencyFileLink[];
  /** The report files of the reply. */
  reportUrl: AgencyFileLink[];
  /** Read markers, 0 read and 1 unread: for the organisation side and for the channel. */
  readstatus: 0 | 1;
  readstatusTenant: 0 | 1;
}

/** GET api/org/detail and api/org/tenant/detail. */
export interface AgencyDetail extends AgencyListItem {
  remark: string;
  otherInfo: {
    receiverName: string | null;
    receiverPhone: string | null;
    haCode: string | null;
    cityCode: string;
    totalPrice: number | null;
    unitPrice: number | null;
    evaltype: 1 | 2;
    fileUrl: AgencyFileLink[];
    downloadUrl: AgencyFileLink[];
    reportStatus: 1 | 2 | 3;
  };
  houseInfo: {
    principal: string | null;
    owner: string | null;
    businessTypeName: string | null;
    cityName: string;
    haName: string | null;
    cardAddress: string | null;
    bldgArea: number | null;
    floor: number | null;
    bheight: number | null;
    buildNo: string | null;
    unit: string | null;
    roomNo: string | null;
    br: number | null;
    lr: number | null;
    ba: number | null;
    propType: number;
    faceName: string;
    intdecoName: string;
    indoStruName: string;
    bldgTypeName: string;
    bldgstruName: string;
    buildYear: number | null;
    /** bd09ll, null without a location. */
    gpsLon: number | null;
    gpsLat: number | null;
    reportType: boolean;
  };
  /** What happened, oldest first, from the application's history. */
  history: WorkflowHistoryView[];
}

/** GET /api/tenant/customer-domain/pageable rows. */
export interface CustomerDomainView {
  id: number;
  companyId: number;
  companyName: string;
  categoryName: string;
  domain: string;
  serverIp: string | null;
  /** 1 processing, 2 completed, 3 failed. */
  state: 1 | 2 | 3;
  failReason: string | null;
  /** yyyy-MM-dd HH:mm:ss */
  updateTime: string;
  /** Increases with every transition; an edit may send the version seen to get a conflict when it changed since. */
  version: number;
}
