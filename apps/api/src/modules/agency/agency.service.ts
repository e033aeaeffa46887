import { Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { agencyPage, type AgencyDetail, type AgencyFileLink, type AgencyListItem, type AgencyPage } from '@valuation/contracts';
import {
  agencyWorkflow,
  CaseFileRefusal,
  caseTime,
  CommunityQueries,
  excelDateTime,
  fromWgs84,
  mapBatches,
  removeCaseFiles,
  storeCheckedFiles,
  streamXlsx,
  workflowHistoryView,
  XLSX_AMOUNT,
  XLSX_DATE_TIME,
  type UploadedCaseFile,
  type XlsxColumn,
} from '@valuation/core';
import {
  AGENCY_EVENT_LABELS,
  AGENCY_REPORT_TYPE_ALL,
  AGENCY_REPORT_TYPE_LABELS,
  AGENCY_STATE_LABELS,
  agencyReadStatus,
  agencyStateCode,
  agencySubmitData,
  AgencyMsg,
  AgencyWorkflowMsg,
  checkAgencyFiles,
  dateStamp,
  EVAL_TYPE_LABELS,
  evalPriceUnit,
  evalPriceValue,
  filterDayBounds,
  INITIAL_AGENCY_STATE,
  PROPERTY_TYPE_LABELS,
  unitPriceUnit,
  type AgencyActor,
  type AgencyEvent,
  type AgencyFilter,
  type AgencyListQuery,
  type AgencyPushReport,
  type AgencyReceive,
  type AgencyRequest,
} from '@valuation/domain';
import {
  AgencyApplicationRepository,
  OrganizationRepository,
  UnitOfWork,
  type AgencyApplicationEntity,
  type AgencyApplicationFilter,
  type DataScope,
  type Transaction,
} from '@valuation/persistence';
import { ObjectStorage } from '@valuation/storage';
import { ApiError, Reply } from '../../common/api-error';
import { dataScope, recordScope } from '../../common/data-scope';
import { workflowApiError } from '../../common/workflow-error';
import { houseInfoFields, houseInt, houseText } from '../../common/house-info';
import type { Principal } from '../../common/principal';
import { uploadedFileName } from '../batch/batch-file.reader';
import { RegionService } from '../region/region.service';

export const AGENCY_EXPORT_LIMIT = 10_000;

/** Which side asks: the customer organisation (api/org/...) or the channel (api/org/tenant/...). */
export type AgencySide = 'user' | 'tenant';

const num = (v: string | null) => (v === null ? null : Number(v));

function links(a: AgencyApplicationEntity): { attachments: AgencyFileLink[]; reports: AgencyFileLink[] } {
  return {
    attachments: a.files.map((f, index) => ({ kind: 'attachment' as const, index, name: f.name, size: f.size })),
    reports: a.context.files.map((f, index) => ({ kind: 'report' as const, index, name: f.name, size: f.size ?? 0 })),
  };
}

function listItem(a: AgencyApplicationEntity, companyName: string): AgencyListItem {
  const { attachments, reports } = links(a);
  return {
    detailID: Number(a.id),
    version: a.version,
    customerName: a.customerName,
    customerPhone: a.customerPhone,
    applicantName: a.applicantName,
    companyName,
    submitTime: caseTime(a.createdAt),
    updateTime: caseTime(a.updatedAt),
    cityName: a.cityName,
    haName: a.haName,
    cardAddress: a.cardAddress,
    location: a.location,
    bldgtypeName: PROPERTY_TYPE_LABELS[a.propType] ?? '',
    bldgArea: num(a.bldgArea),
    reportType: a.reportType === 1,
    reportStatus: a.state,
    reportResult: a.state === 3 ? a.context.totalPrice : null,
    evalType: a.evalType,
    receiverName: a.context.receiverName,
    receiverPhone: a.context.receiverPhone,
    totalPrice: a.context.totalPrice,
    unitPrice: a.context.unitPrice,
    downloadUrl: attachments,
    reportUrl: reports,
    readstatus: agencyReadStatus(a.context.userRead),
    readstatusTenant: agencyReadStatus(a.context.tenantRead),
  };
}

const EXPORT_COLUMNS: readonly XlsxColumn<AgencyListItem>[] = [
  { header: '客户姓名', width: 12, value: (r) => r.customerName },
  { header: '联系电话', width: 16, value: (r) => r.customerPhone },
  { header: '申请人', width: 12, value: (r) => r.applicantName },
  { header: '客户公司', width: 24, value: (r) => r.companyName },
  { header: '提交时间', width: 21, numFmt: XLSX_DATE_TIME, value: (r) => excelDateTime(r.submitTime) },
  { header: '城市', width: 10, value: (r) => r.cityName },
  { header: '小区', width: 24, value: (r) => r.haName },
  { header: '证载地址', width: 36, value: (r) => r.cardAddress },
  { header: '物业类型', width: 10, value: (r) => r.bldgtypeName },
  { header: '面积(㎡)', width: 12, numFmt: XLSX_AMOUNT, value: (r) => r.bldgArea },
  { header: '估价类型', width: 10, value: (r) => EVAL_TYPE_LABELS[r.evalType] ?? '' },
  { header: '报告类型', width: 12, value: (r) => AGENCY_REPORT_TYPE_LABELS[r.reportType ? 1 : 0] },
  { header: '状态', width: 10, value: (r) => AGENCY_STATE_LABELS[r.reportStatus] },
  {
    header: '评估总价',
    width: 16,
    numFmt: XLSX_AMOUNT,
    value: (r) => evalPriceValue(r.totalPrice, r.evalType),
    unit: { header: '总价单位', width: 10, value: (r) => evalPriceUnit(r.evalType) },
  },
  {
    header: '评估单价',
    width: 16,
    numFmt: XLSX_AMOUNT,
    value: (r) => r.unitPrice,
    unit: { header: '单价单位', width: 12, value: (r) => unitPriceUnit(r.evalType) },
  },
  { header: '接收人', width: 12, value: (r) => r.receiverName },
];

/**
 * Institution valuation applications: customers file them with attachments; the channel's staff
 * receive them and reply with prices and report files; both sides list, export, read and download.
 * Every change goes through the agency machine with the caller as actor and a version check.
 */
@Injectable()
export class AgencyService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly applications: AgencyApplicationRepository,
    private readonly organizations: OrganizationRepository,
    private readonly communities: CommunityQueries,
    private readonly storage: ObjectStorage,
    private readonly regions: RegionService,
  ) {}

  async request(p: Principal, body: AgencyRequest, files: readonly UploadedCaseFile[]): Promise<Reply<{ detailID: number }>> {
    const h = body.houseInfo as AgencyRequest['houseInfo'] & Record<string, unknown>;
    const stored = await this.store(p.tenantId, 'request', files);
    try {
      const haCode = houseText(h.haInfo.haCode);
      const community = haCode ? await this.communities.byCode(h.cityCode, haCode) : null;
      const city = await this.regions.resolveCity(h.cityCode);
      const actor = this.actor('user', p);
      const row = await this.uow.run((m) =>
        agencyWorkflow.create(
          m,
          {
            tenantId: p.tenantId,
            companyId: p.companyId!,
            organizationId: p.organizationId!,
            accountId: p.id,
            applicantName: (p.userName || p.loginUser).slice(0, 50),
            reportType: body.reportType,
            evalType: body.evalType,
            customerName: body.customerName,
            customerPhone: body.customerPhone,
            remark: body.remark,
            cityCode: h.cityCode,
            cityName: city?.name ?? (h.cityName || h.cityCode),
            haCode,
            haName: houseText(h.haInfo.haName) ?? community?.name ?? null,
            cardAddress: houseText(h.cardAddress),
            location: houseText(h.location) ?? community?.address ?? null,
            bldgArea: h.bldgArea === undefined ? null : h.bldgArea.toFixed(2),
            propType: houseInt(h.propType) ?? 11,
            houseInfo: h,
            gpsLon: community?.lon ?? null,
            gpsLat: community?.lat ?? null,
            files: stored,
            machineState: INITIAL_AGENCY_STATE.value,
            context: INITIAL_AGENCY_STATE.context,
            state: agencyStateCode(INITIAL_AGENCY_STATE.value),
          },
          { event: 'SUBMIT', actor, data: agencySubmitData({ reportType: body.reportType, evalType: body.evalType, files: stored }) },
        ),
      );
      return new Reply({ detailID: Number(row.id) }, AgencyMsg.submitted);
    } catch (error) {
      await removeCaseFiles(this.storage, stored);
      throw error;
    }
  }

  async list(side: AgencySide, p: Principal, q: AgencyListQuery): Promise<AgencyPage<AgencyListItem>> {
    const { rows, total } = await this.applications.page(this.scope(side, p), filterOf(q), q);
    return agencyPage(await this.items(rows), total, q.pageIndex, q.pageSize);
  }

  /** The filtered applications (the newest AGENCY_EXPORT_LIMIT) as an .xlsx workbook, streamed. */
  async export(side: AgencySide, p: Principal, q: AgencyFilter): Promise<{ content: Readable; fileName: string }> {
    const name = side === 'user' ? '机构估价' : '估价申请';
    const batches = this.applications.batches(this.scope(side, p), filterOf(q), AGENCY_EXPORT_LIMIT);
    const content = await streamXlsx(
      { sheetName: name, columns: EXPORT_COLUMNS },
      mapBatches(batches, (rows) => this.items(rows)),
    );
    return { content, fileName: `${name}_${dateStamp()}.xlsx` };
  }

  async detail(side: AgencySide, p: Principal, id: number): Promise<AgencyDetail> {
    const a = await this.find(side, p, id);
    const [item] = await this.items([a]);
    const h = a.houseInfo;
    const bd = a.gpsLon !== null && a.gpsLat !== null ? fromWgs84({ lon: a.gpsLon, lat: a.gpsLat }, 'bd09ll') : null;
    const history = await this.applications.history(a.id);
    return {
      ...item,
      remark: a.remark,
      otherInfo: {
        receiverName: a.context.receiverName,
        receiverPhone: a.context.receiverPhone,
        haCode: a.haCode,
        cityCode: a.cityCode,
        totalPrice: a.context.totalPrice,
        unitPrice: a.context.unitPrice,
        evaltype: a.evalType,
        fileUrl: item.reportUrl,
        downloadUrl: item.downloadUrl,
        reportStatus: a.state,
      },
      houseInfo: {
        ...houseInfoFields(h),
        businessTypeName: houseText(h.businessTypeName) ?? houseText(h.businessName),
        cityName: a.cityName,
        haName: a.haName,
        cardAddress: a.cardAddress,
        bldgArea: num(a.bldgArea),
        propType: a.propType,
        gpsLon: bd?.lon ?? null,
        gpsLat: bd?.lat ?? null,
        reportType: a.reportType === 1,
      },
      history: history.map((h) => workflowHistoryView(h, AGENCY_EVENT_LABELS)),
    };
  }

  /** Marks the application read for the caller's side (recorded in its history, keeping its version); reading it again changes nothing. */
  async read(side: AgencySide, p: Principal, id: number): Promise<{ readstatus: 0 | 1 }> {
    try {
      await this.transition(side, p, id, (a) => {
        const read = side === 'user' ? a.context.userRead : a.context.tenantRead;
        return read ? null : { event: { type: 'READ', actor: this.actor(side, p) } };
      });
    } catch (error) {
      throw workflowApiError(error);
    }
    return { readstatus: 0 };
  }

  /** Receives the application for the tenant; with the version the caller saw, a change since is a conflict. */
  async receive(p: Principal, body: AgencyReceive): Promise<Reply<AgencyDetail>> {
    try {
      await this.transition('tenant', p, body.detailID, () => ({
        event: { type: 'RECEIVE', actor: this.actor('tenant', p), receiverName: body.receiverName, receiverPhone: body.receiverPhone },
        expectedVersion: body.version,
        columns: () => ({ receivedAt: new Date() }),
      }));
    } catch (error) {
      throw workflowApiError(error);
    }
    return new Reply(await this.detail('tenant', p, body.detailID), '接收成功');
  }

  /** The reply: the report files are checked and stored first, and removed again if the transition is refused or loses to a concurrent one. */
  async reply(p: Principal, body: AgencyPushReport, files: readonly UploadedCaseFile[]): Promise<Reply<AgencyDetail>> {
    const actor = this.actor('tenant', p);
    const a = await this.find('tenant', p, body.detailID);
    if (body.version !== undefined && body.version !== a.version) throw ApiError.conflict(AgencyWorkflowMsg.conflict);
    if (a.state !== 2) {
      const refused = agencyWorkflow.refusal(a, { type: 'REPLY', actor, totalPrice: 0, unitPrice: 0, files: [{ name: '', key: '' }] });
      throw ApiError.badRequest(refused ?? AgencyWorkflowMsg.notAllowed);
    }
    const stored = await this.store(p.tenantId, 'reply', files);
    try {
      await this.transition('tenant', p, body.detailID, () => ({
        event: {
          type: 'REPLY',
          actor,
          totalPrice: body.reportResult,
          unitPrice: body.reportResultSingle,
          files: stored.map((f) => ({ name: f.name, key: f.key, size: f.size, type: f.type })),
        },
        expectedVersion: body.version ?? a.version,
        columns: () => ({ repliedAt: new Date() }),
      }));
    } catch (error) {
      await removeCaseFiles(this.storage, stored);
      throw workflowApiError(error);
    }
    return new Reply(await this.detail('tenant', p, body.detailID), '回复成功');
  }

  async download(
    side: AgencySide,
    p: Principal,
    id: number,
    kind: 'attachment' | 'report',
    index: number,
  ): Promise<{ content: Readable; name: string; type: string; size: number }> {
    const a = await this.find(side, p, id);
    const f = kind === 'attachment' ? a.files[index] : a.context.files[index];
    if (!f) throw ApiError.notFound('文件不存在');
    return { content: await this.storage.getStream(f.key), name: f.name, type: f.type ?? 'application/octet-stream', size: f.size ?? 0 };
  }

  /** Applications the side may read: the channel its tenant's; a customer its own, or its organisation subtree's with the records permission. */
  private scope(side: AgencySide, p: Principal): DataScope {
    return side === 'tenant' ? dataScope(p, 'tenant') : recordScope(p);
  }

  private async items(rows: readonly AgencyApplicationEntity[]): Promise<AgencyListItem[]> {
    const names = await this.organizations.names(rows.map((r) => r.companyId));
    return rows.map((r) => listItem(r, names.get(r.companyId) ?? ''));
  }

  /** The application the side may read; `lock` (in a transaction) holds its row until the transaction ends. */
  private async find(side: AgencySide, p: Principal, id: number, m?: Transaction, lock = false): Promise<AgencyApplicationEntity> {
    const a = await this.applications.findInRange(this.scope(side, p), id, m, lock);
    if (!a) throw ApiError.notFound(AgencyWorkflowMsg.notFound);
    return a;
  }

  private actor(side: AgencySide, p: Principal): AgencyActor {
    return { population: side, id: p.id, name: p.userName || p.loginUser };
  }

  /**
   * One transition in one transaction: reads and locks the application the side may act on, lets
   * `decide` choose the event (or nothing), and applies it through the agency machine with a
   * version check and its history row.
   */
  private transition(
    side: AgencySide,
    p: Principal,
    id: number,
    decide: (a: AgencyApplicationEntity) => {
      event: AgencyEvent;
      expectedVersion?: number;
      columns?: () => Partial<Pick<AgencyApplicationEntity, 'receivedAt' | 'repliedAt'>>;
    } | null,
  ): Promise<AgencyApplicationEntity> {
    return this.uow.run(async (m) => {
      const a = await this.find(side, p, id, m, true);
      const step = decide(a);
      if (!step) return a;
      return agencyWorkflow.apply(m, a, step.event, { expectedVersion: step.expectedVersion, columns: step.columns });
    });
  }

  private async store(tenantId: number, kind: 'request' | 'reply', files: readonly UploadedCaseFile[]) {
    try {
      return await storeCheckedFiles(
        this.storage,
        `agency/${tenantId}`,
        files.map((f) => ({ ...f, originalname: uploadedFileName(f.originalname) })),
        (list) => checkAgencyFiles(kind, list),
      );
    } catch (error) {
      if (error instanceof CaseFileRefusal) throw ApiError.badRequest(error.message);
      throw error;
    }
  }
}

/** The list filters as the repository reads them (report type 2 is every type). */
function filterOf(q: AgencyFilter): AgencyApplicationFilter {
  return {
    cityName: q.cityName,
    haName: q.haName,
    address: q.cardAddress,
    ...filterDayBounds(q.beginTime, q.endTime),
    reportType: q.reportType === AGENCY_REPORT_TYPE_ALL ? undefined : q.reportType,
    state: q.reportStatus,
  };
}
