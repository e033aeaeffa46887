import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Readable } from 'node:stream';
import { In, type DataSource, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import type { AgencyDetail, AgencyFileLink, AgencyListItem } from '@valuation/contracts';
import {
  agencyWorkflow,
  CaseFileRefusal,
  caseTime,
  fromWgs84,
  removeCaseFiles,
  storeCheckedFiles,
  workflowHistoryView,
  type UploadedCaseFile,
} from '@valuation/core';
import {
  AGENCY_EVENT_LABELS,
  AGENCY_REPORT_TYPE_ALL,
  AGENCY_REPORT_TYPE_LABELS,
  AGENCY_STATE_LABELS,
  agencyPage,
  agencyReadStatus,
  agencyStateCode,
  agencySubmitData,
  AgencyMsg,
  AgencyWorkflowMsg,
  checkAgencyFiles,
  dateStamp,
  EVAL_TYPE_LABELS,
  filterDayBounds,
  INITIAL_AGENCY_STATE,
  ListMsg,
  Perm,
  PROPERTY_TYPE_LABELS,
  type AgencyActor,
  type AgencyEvent,
  type AgencyFilter,
  type AgencyListQuery,
  type AgencyPage,
  type AgencyPushReport,
  type AgencyReceive,
  type AgencyRequest,
} from '@valuation/domain';
import { AgencyApplicationEntity, CommunityEntity, OrganizationEntity } from '@valuation/persistence';
import { ObjectStorage } from '@valuation/storage';
import { ApiError, Reply } from '../../common/api-error';
import { withinDataRange } from '../../common/data-range';
import { workflowApiError } from '../../common/workflow-error';
import { houseInfoFields, houseInt, houseText } from '../../common/house-info';
import type { Principal } from '../../common/principal';
import { buildXlsx, excelDateTime, XLSX_AMOUNT, XLSX_DATE_TIME, type XlsxColumn } from '../../common/xlsx-export';
import { uploadedFileName } from '../batch/batch-file.reader';

export const AGENCY_EXPORT_LIMIT = 10_000;

/** Which side asks: the customer organisation (api/org/...) or the channel (api/org/tenant/...). */
export type AgencySide = 'user' | 'tenant';

const num = (v: string | null) => (v === null ? null : Number(v));
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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
  { header: '评估总价(元)', width: 18, numFmt: XLSX_AMOUNT, value: (r) => r.totalPrice },
  { header: '评估单价(元/㎡)', width: 16, numFmt: XLSX_AMOUNT, value: (r) => r.unitPrice },
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
    @InjectDataSource() private readonly ds: DataSource,
    private readonly storage: ObjectStorage,
  ) {}

  async request(p: Principal, body: AgencyRequest, files: readonly UploadedCaseFile[]): Promise<Reply<{ detailID: number }>> {
    const h = body.houseInfo as AgencyRequest['houseInfo'] & Record<string, unknown>;
    const stored = await this.store(p.tenantId, 'request', files);
    try {
      const haCode = houseText(h.haInfo.haCode);
      const community = haCode ? await this.ds.getRepository(CommunityEntity).findOneBy({ cityCode: h.cityCode, haCode }) : null;
      const actor = this.actor('user', p);
      const row = await this.ds.transaction((m) =>
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
            cityName: h.cityName || h.cityCode,
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
    const [rows, total] = await this.filtered(side, p, q)
      .skip((q.pageIndex - 1) * q.pageSize)
      .take(q.pageSize)
      .getManyAndCount();
    return agencyPage(await this.items(rows), q.pageIndex, q.pageSize, total);
  }

  async export(side: AgencySide, p: Principal, q: AgencyFilter): Promise<{ content: Buffer; fileName: string }> {
    const rows = await this.filtered(side, p, q).take(AGENCY_EXPORT_LIMIT).getMany();
    if (rows.length === 0) throw ApiError.notFound(ListMsg.noData);
    const content = await buildXlsx(side === 'user' ? '机构估价' : '估价申请', EXPORT_COLUMNS, await this.items(rows));
    return { content, fileName: `${side === 'user' ? '机构估价' : '估价申请'}_${dateStamp()}.xlsx` };
  }

  async detail(side: AgencySide, p: Principal, id: number): Promise<AgencyDetail> {
    const a = await this.find(side, p, id);
    const [item] = await this.items([a]);
    const h = a.houseInfo;
    const bd = a.gpsLon !== null && a.gpsLat !== null ? fromWgs84({ lon: a.gpsLon, lat: a.gpsLat }, 'bd09ll') : null;
    const history = await agencyWorkflow.historyOf(this.ds.manager, a.id);
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

  /** Applications the side may read, aliased `a`: the channel sees its tenant's; a customer its own, or its organisation subtree's with the records permission. */
  private scoped(side: AgencySide, p: Principal, m: EntityManager = this.ds.manager): SelectQueryBuilder<AgencyApplicationEntity> {
    const qb = m.getRepository(AgencyApplicationEntity).createQueryBuilder('a').where('a.tenantId = :tenantId', { tenantId: p.tenantId });
    if (side === 'tenant') return qb;
    qb.andWhere('a.companyId = :companyId', { companyId: p.companyId });
    return withinDataRange(qb, 'a', p, Perm.valuationRecords);
  }

  private filtered(side: AgencySide, p: Principal, q: AgencyFilter): SelectQueryBuilder<AgencyApplicationEntity> {
    const qb = this.scoped(side, p);
    if (q.cityName) qb.andWhere(`a.cityName LIKE :city ESCAPE '\\'`, { city: likePattern(q.cityName) });
    if (q.haName) qb.andWhere(`a.haName ILIKE :ha ESCAPE '\\'`, { ha: likePattern(q.haName) });
    if (q.cardAddress)
      qb.andWhere(`(a.cardAddress ILIKE :addr ESCAPE '\\' OR a.location ILIKE :addr ESCAPE '\\')`, { addr: likePattern(q.cardAddress) });
    const { from, until } = filterDayBounds(q.beginTime, q.endTime);
    if (from) qb.andWhere('a.createdAt >= :begin', { begin: from });
    if (until) qb.andWhere('a.createdAt < :end', { end: until });
    if (q.reportType !== AGENCY_REPORT_TYPE_ALL) qb.andWhere('a.reportType = :reportType', { reportType: q.reportType });
    if (q.reportStatus) qb.andWhere('a.state = :state', { state: q.reportStatus });
    return qb.orderBy('a.createdAt', 'DESC').addOrderBy('a.id', 'DESC');
  }

  private async items(rows: readonly AgencyApplicationEntity[]): Promise<AgencyListItem[]> {
    const ids = [...new Set(rows.map((r) => r.companyId))];
    const companies = ids.length ? await this.ds.getRepository(OrganizationEntity).findBy({ id: In(ids) }) : [];
    const names = new Map(companies.map((c) => [c.id, c.name]));
    return rows.map((r) => listItem(r, names.get(r.companyId) ?? ''));
  }

  /** The application the side may read; `lock` (in a transaction) holds its row until the transaction ends. */
  private async find(side: AgencySide, p: Principal, id: number, m?: EntityManager, lock = false): Promise<AgencyApplicationEntity> {
    const qb = this.scoped(side, p, m).andWhere('a.id = :id', { id });
    const a = await (lock ? qb.setLock('pessimistic_write') : qb).getOne();
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
    return this.ds.transaction(async (m) => {
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
