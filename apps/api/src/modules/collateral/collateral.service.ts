import type { Readable } from 'node:stream';
import { Injectable, Logger } from '@nestjs/common';
import {
  pagedList,
  revalStartJobId,
  type DriftAlertReadResult,
  type DriftAlertView,
  type DriftRuleView,
  type Paged,
  type RevalItemView,
  type RevalRunView,
} from '@valuation/contracts';
import {
  excelDateTime,
  QuotaExhaustedError,
  RegionResolver,
  RevaluationRunner,
  streamXlsx,
  XLSX_AMOUNT,
  XLSX_DATE_TIME,
  type XlsxColumn,
} from '@valuation/core';
import {
  addMonths,
  businessDate,
  businessToday,
  changePct,
  DRIFT_KIND_LABELS,
  DRIFT_RULE_LOG_LABELS,
  dateStamp,
  evalPriceValue,
  formatDateTime,
  loanToValue,
  RevalMsg,
  SALE_PRICE_UNIT,
  type DriftAlertFilter,
  type DriftAlertListQuery,
  type DriftAlertReadInput,
  type DriftKind,
  type DriftRule,
  type RevalItemListQuery,
  type RevalRunListQuery,
} from '@valuation/domain';
import { CollateralRepository, UnitOfWork, type DriftAlertListed, type RevalRunEntity } from '@valuation/persistence';
import { JobProducer } from '@valuation/queue';
import { ApiError, Reply } from '../../common/api-error';
import { recordScope } from '../../common/data-scope';
import type { Principal } from '../../common/principal';
import { AdminLog } from '../auth/admin-log.service';
import { clip } from '../auth/audit-trail.service';
import { assetOwner } from '../asset-type/asset-type.service';
import { RegionService } from '../region/region.service';

/** Rows of one alert export at most; the newest are kept. */
export const ALERT_EXPORT_LIMIT = 10_000;

const amount = (v: string | null) => (v === null ? null : Number(v));

function alertColumns(regions: RegionResolver): XlsxColumn<DriftAlertListed>[] {
  return [
    { header: '预警时间', width: 21, numFmt: XLSX_DATE_TIME, value: ({ alert }) => excelDateTime(alert.createdAt) },
    { header: '重估任务', width: 10, value: ({ alert }) => Number(alert.runId) },
    { header: '预警类型', width: 16, value: ({ alert }) => DRIFT_KIND_LABELS[alert.kind as DriftKind] ?? alert.kind },
    { header: '城市', width: 10, value: ({ cityCode }) => regions.name(cityCode) ?? '' },
    { header: '小区', width: 24, value: ({ haName }) => haName },
    { header: '贷款编号', width: 20, value: ({ loanNo }) => loanNo },
    {
      header: '贷款余额',
      width: 14,
      numFmt: XLSX_AMOUNT,
      value: ({ loanAmount }) => evalPriceValue(amount(loanAmount), 1),
      unit: { header: '贷款余额单位', width: 12, value: ({ loanAmount }) => (loanAmount === null ? '' : SALE_PRICE_UNIT) },
    },
    {
      header: '重估价值',
      width: 14,
      numFmt: XLSX_AMOUNT,
      value: ({ totalPrice }) => evalPriceValue(amount(totalPrice), 1),
      unit: { header: '重估价值单位', width: 12, value: () => SALE_PRICE_UNIT },
    },
    { header: '实际(%)', width: 10, numFmt: XLSX_AMOUNT, value: ({ alert }) => Number(alert.actual) },
    { header: '阈值(%)', width: 10, numFmt: XLSX_AMOUNT, value: ({ alert }) => Number(alert.threshold) },
    { header: '说明', width: 40, value: ({ alert }) => alert.message },
  ];
}

/**
 * Collateral monitoring of a customer company: revaluation runs of its asset book (started here,
 * valued by the batch workers), their items and alerts within the caller's records data range, and
 * the company's drift rule and schedule. Every change writes its operation-log row.
 */
@Injectable()
export class CollateralService {
  private readonly logger = new Logger(CollateralService.name);

  constructor(
    private readonly uow: UnitOfWork,
    private readonly repo: CollateralRepository,
    private readonly runner: RevaluationRunner,
    private readonly jobs: JobProducer,
    private readonly regions: RegionService,
    private readonly log: AdminLog,
  ) {}

  /** Opens a run on demand; a charged company's run takes one valuation count per asset from the caller (403 when short, and nothing is kept). */
  async start(p: Principal, ip: string | undefined): Promise<Reply<{ runId: number; total: number }>> {
    const owner = assetOwner(p, RevalMsg.noAssets);
    const opened = await this.uow
      .run(async (m) => {
        const run = await this.runner.open(m, owner, { accountId: p.id, accountName: clip(p.userName, 20), trigger: 1 });
        if (run === 'running') throw ApiError.badRequest(RevalMsg.running);
        if (run === 'empty') throw ApiError.badRequest(RevalMsg.noAssets);
        await this.log.write(m, p, ip, {
          action: '发起重估',
          target: { type: 'reval-run', id: Number(run.runId), name: `重估任务${run.runId}` },
          after: { total: run.total, ...(run.charged ? { charged: run.total } : {}) },
          labels: { total: '资产数', charged: '扣减估价次数' },
        });
        return run;
      })
      .catch((error: unknown) => {
        if (error instanceof QuotaExhaustedError) throw ApiError.forbidden(error.message);
        throw error;
      });
    // A start job that cannot be queued now is queued by the batch sweep once the run shows no progress.
    await this.jobs
      .enqueue('reval.start', { runId: opened.runId }, { jobId: revalStartJobId(opened.runId) })
      .catch((error: Error) => this.logger.warn(`revaluation run ${opened.runId}: start job not queued: ${error.message}`));
    return new Reply({ runId: Number(opened.runId), total: opened.total }, RevalMsg.started);
  }

  async runs(p: Principal, q: RevalRunListQuery): Promise<Paged<RevalRunView>> {
    const owner = assetOwner(p, RevalMsg.runNotFound);
    const { rows, total } = await this.repo.runsPage(owner, q.state, q);
    const views = await Promise.all(rows.map((r) => this.runView(r)));
    return pagedList(views, total, q.pageIndex, q.pageSize);
  }

  async run(p: Principal, id: number): Promise<RevalRunView> {
    const run = await this.repo.findRun(assetOwner(p, RevalMsg.runNotFound), id);
    if (!run) throw ApiError.notFound(RevalMsg.runNotFound);
    return this.runView(run);
  }

  async items(p: Principal, q: RevalItemListQuery): Promise<Paged<RevalItemView>> {
    const run = await this.repo.findRun(assetOwner(p, RevalMsg.runNotFound), q.runId);
    if (!run) throw ApiError.notFound(RevalMsg.runNotFound);
    const [{ rows, total }, regions] = await Promise.all([
      this.repo.itemsPage(recordScope(p), q.runId, q.state, q),
      this.regions.resolver(),
    ]);
    const list = rows.map(({ item, alerts }) => {
      const value = amount(item.totalPrice);
      return {
        id: Number(item.id),
        assetId: item.assetId,
        state: item.state,
        cityName: regions.name(item.cityCode) ?? '',
        haName: item.haName,
        bldgArea: Number(item.bldgArea),
        loanNo: item.loanNo,
        loanAmount: amount(item.loanAmount),
        originValue: amount(item.originValue),
        prevValue: amount(item.prevValue),
        totalPrice: value,
        unitPrice: amount(item.unitPrice),
        change: value === null ? null : changePct(value, amount(item.prevValue)),
        confidenceClass: item.confidenceClass,
        ltv: amount(item.ltv),
        alerts,
        error: item.error,
      };
    });
    return pagedList(list, total, q.pageIndex, q.pageSize);
  }

  async alerts(p: Principal, q: DriftAlertListQuery): Promise<Paged<DriftAlertView>> {
    assetOwner(p, RevalMsg.runNotFound);
    const [{ rows, total }, regions] = await Promise.all([this.repo.alertsPage(recordScope(p), q, q), this.regions.resolver()]);
    const list = rows.map((r) => ({
      id: Number(r.alert.id),
      runId: Number(r.alert.runId),
      assetId: r.alert.assetId,
      kind: r.alert.kind,
      actual: Number(r.alert.actual),
      threshold: Number(r.alert.threshold),
      message: r.alert.message,
      cityName: regions.name(r.cityCode) ?? '',
      haName: r.haName,
      loanNo: r.loanNo,
      loanAmount: amount(r.loanAmount),
      totalPrice: amount(r.totalPrice),
      read: r.alert.readAt !== null,
      createTime: formatDateTime(r.alert.createdAt),
    }));
    return pagedList(list, total, q.pageIndex, q.pageSize);
  }

  /** Alerts of the caller's records data range not yet marked read. */
  unreadAlerts(p: Principal): Promise<number> {
    assetOwner(p, RevalMsg.runNotFound);
    return this.repo.unreadAlertCount(recordScope(p));
  }

  /** Marks alerts of the caller's data range read for the company; logged when it marked any. */
  async markAlertsRead(p: Principal, input: DriftAlertReadInput, ip: string | undefined): Promise<Reply<DriftAlertReadResult>> {
    assetOwner(p, RevalMsg.runNotFound);
    const ids = input.all ? 'all' : input.ids.map(String);
    const marked = await this.uow.run(async (m) => {
      const n = await this.repo.markAlertsRead(m, recordScope(p), ids, p.id);
      if (n > 0) {
        await this.log.write(m, p, ip, {
          action: '押品预警标为已读',
          target: { type: 'drift-alert', id: ids === 'all' ? 'all' : clip(ids.join(','), 40), name: '押品预警' },
          after: { scope: ids === 'all' ? '全部未读预警' : clip(ids.join('、'), 200), marked: n },
          labels: { scope: '范围', marked: '标记条数' },
        });
      }
      return n;
    });
    return new Reply({ marked }, RevalMsg.readMarked);
  }

  /** The filtered alerts (the newest ALERT_EXPORT_LIMIT) as an .xlsx workbook, streamed. */
  async exportAlerts(p: Principal, q: DriftAlertFilter): Promise<{ content: Readable; fileName: string }> {
    assetOwner(p, RevalMsg.runNotFound);
    const regions = await this.regions.resolver();
    const content = await streamXlsx(
      { sheetName: '押品预警', columns: alertColumns(regions) },
      this.repo.alertBatches(recordScope(p), q, ALERT_EXPORT_LIMIT),
    );
    return { content, fileName: `押品预警_${dateStamp()}.xlsx` };
  }

  async rule(p: Principal): Promise<DriftRuleView> {
    const owner = assetOwner(p, RevalMsg.runNotFound);
    const [rule, since, charged] = await Promise.all([this.runner.rule(owner), this.repo.scheduleBase(owner), this.runner.charged(owner)]);
    return { ...rule, nextRunDate: nextRunDate(rule, since), charged };
  }

  async saveRule(p: Principal, rule: DriftRule, ip: string | undefined): Promise<Reply<null>> {
    const owner = assetOwner(p, RevalMsg.runNotFound);
    await this.uow.run(async (m) => {
      const before = await this.repo.findRule(m, owner);
      await this.repo.saveRule(m, owner, rule, p.id);
      await this.log.write(m, p, ip, {
        action: '设置预警规则',
        target: { type: 'drift-rule', id: owner.companyId, name: '押品预警规则' },
        before: before ? ruleSnapshot(before) : null,
        after: ruleSnapshot(rule),
        labels: DRIFT_RULE_LOG_LABELS,
      });
    });
    return new Reply(null, RevalMsg.ruleSaved);
  }

  private async runView(r: RevalRunEntity): Promise<RevalRunView> {
    const loanTotal = Number(r.loanTotal);
    const secured = loanTotal > 0 ? await this.repo.securedValue(r.id) : 0;
    // One count per asset was reserved; the assets not valued got theirs back when the run ended.
    const chargeCount = r.reservations.reduce((sum, x) => sum + x.count, 0);
    return {
      id: Number(r.id),
      trigger: r.trigger,
      state: r.state,
      accountName: r.accountName,
      engineVersion: r.engineVersion,
      total: r.total,
      processed: r.processed,
      valued: r.valued,
      alerts: r.alerts,
      valueTotal: Number(r.valueTotal),
      loanTotal,
      ltv: loanToValue(loanTotal || null, secured || null),
      errorReason: r.errorReason,
      charged: chargeCount > 0,
      chargeCount,
      refundCount: r.refunded ? chargeCount - r.valued : 0,
      createTime: formatDateTime(r.createdAt),
      finishTime: r.finishedAt ? formatDateTime(r.finishedAt) : null,
    };
  }
}

const ruleSnapshot = (r: DriftRule) => ({
  originDropPct: r.originDropPct,
  lastDropPct: r.lastDropPct,
  maxLtvPct: r.maxLtvPct,
  alertClassC: r.alertClassC ? '是' : '否',
  scheduleMonths: r.scheduleMonths,
  scheduleEnabled: r.scheduleEnabled ? '开启' : '关闭',
});

/** The day the schedule opens the next run: the base's day plus the rule's months, today at the earliest; null when it is off or there is nothing to revalue. */
function nextRunDate(rule: DriftRule, since: Date | null): string | null {
  if (!rule.scheduleEnabled || !since) return null;
  const next = addMonths(businessDate(since), rule.scheduleMonths);
  return next < businessToday() ? businessToday() : next;
}
