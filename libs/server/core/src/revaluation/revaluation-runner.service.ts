import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  addMonths,
  businessDate,
  businessNow,
  businessToday,
  CHUNK_SIZE,
  DEFAULT_DRIFT_RULE,
  driftFindings,
  driftMessage,
  loanToValue,
  RevalMsg,
  type DriftRule,
  type ValuationRequest,
} from '@valuation/domain';
import type { QuotaReservation } from '@valuation/persistence';
import { ENGINE_VERSION } from '@valuation/valuation';
import { addOutboxMessage } from '../notify';
import { QuotaReservationService } from '../quota/quota-reservation.service';
import { QuotaExhaustedError } from '../quota/quota.service';
import { MarketLoader, type SubjectCommunity } from '../valuation/market-loader.service';
import { NoPropertyFoundError } from '../valuation/valuation.errors';
import { ValuationService } from '../valuation/valuation.service';

/** Items written per transaction. */
export const REVAL_WRITE_GROUP = 50;

export const RevalItemMsg = {
  notFound: '未找到小区或无可比案例，未估价',
  referenceOnly: '仅有区域参考价，未估价',
  abandoned: '重估任务失败，未估价',
  unpaid: '估价次数不足，未估价',
} as const;

/** The ledger rows of a charged run name it by this refType and the run id. */
export const REVAL_REF_TYPE = 'reval';

/** Who a run is for, and who started it (null: the schedule). */
export interface RevalRunOwner {
  tenantId: number;
  companyId: number;
}

export interface RevalStarter {
  accountId: number | null;
  accountName: string;
  /** 1 on demand, 2 scheduled. */
  trigger: 1 | 2;
}

/** A run just opened: valuing (1), or a scheduled run its company could not pay for, ended failed (3). */
export interface RevalOpened {
  runId: string;
  total: number;
  state: 1 | 3;
  /** Whether its company is charged for runs (押品重估计费). */
  charged: boolean;
}

export type RevalChunkPlan = { kind: 'missing' } | { kind: 'idle'; state: number } | { kind: 'run'; chunks: number[] };

export interface RevalChunkResult {
  written: number;
  valued: number;
  alerts: number;
  finished: boolean;
  skipped: boolean;
}

interface RunRow {
  id: string;
  tenantId: number;
  companyId: number;
  state: number;
  rule: DriftRule;
}

interface WaitingItem {
  id: string;
  organizationId: number;
  accountId: number;
  input: ValuationRequest & { evalType?: number };
  cityCode: string;
  haCode: string | null;
  loanAmount: string | null;
  originValue: string | null;
  prevValue: string | null;
  prevClass: string | null;
}

interface ItemOutcome {
  id: string;
  state: 1 | 2;
  total_price: string | null;
  unit_price: string | null;
  confidence_class: string | null;
  method: string | null;
  ltv: string | null;
  error: string | null;
}

interface AlertRow {
  item: string;
  kind: string;
  actual: string;
  threshold: string;
  message: string;
}

const num = (v: string | null) => (v === null ? null : Number(v));
const money = (n: number | null) => (n === null ? null : n.toFixed(2));

/**
 * Revaluation runs of a company's asset book, on the batch workers: a run is a snapshot of the
 * book (each asset's latest valuation request, its loan and its previous value) cut into chunks;
 * every asset is valued again by the engine, and the company's drift rule turns what moved into
 * alerts. A run is uncharged unless the channel set the company's 押品重估计费: then one valuation
 * count per asset is reserved from the payer when it opens, and the counts of the assets it did not
 * value go back, once, in the transaction that ends it. An item leaves state 0 exactly once: its
 * update, its alerts and the run's counters are one statement, and the statement that completes
 * the run finishes it.
 */
@Injectable()
export class RevaluationRunner {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly valuation: ValuationService,
    private readonly market: MarketLoader,
    private readonly reservations: QuotaReservationService,
  ) {}

  /** Whether the company's runs use valuation counts (押品重估计费 on its root organisation). */
  async charged(owner: RevalRunOwner, m: EntityManager = this.ds.manager): Promise<boolean> {
    const [row]: { charged: boolean }[] = await m.query(
      `SELECT reval_charge AS charged FROM organization WHERE id = $1 AND tenant_id = $2 AND parent_id IS NULL`,
      [owner.companyId, owner.tenantId],
    );
    return row?.charged === true;
  }

  /** The company's drift rule, or the defaults. */
  async rule(owner: RevalRunOwner, m: EntityManager = this.ds.manager): Promise<DriftRule> {
    const [row]: DriftRule[] = await m.query(
      `SELECT origin_drop_pct AS "originDropPct", last_drop_pct AS "lastDropPct", max_ltv_pct AS "maxLtvPct", alert_class_c AS "alertClassC",
              schedule_months AS "scheduleMonths", schedule_enabled AS "scheduleEnabled"
         FROM drift_rule WHERE tenant_id = $1 AND company_id = $2`,
      [owner.tenantId, owner.companyId],
    );
    return row ?? DEFAULT_DRIFT_RULE;
  }

  /**
   * Opens a run over every asset of the company whose property has a valuation, in the caller's
   * transaction, its chunks cut in the order of the communities (so a chunk loads few markets);
   * 'running' when the company already has one valuing, 'empty' when it has nothing to revalue
   * (nothing is kept then). A charged company's run reserves one valuation count per asset from
   * the payer in the same transaction: the starter of a run on demand (QuotaExhaustedError when it
   * lacks counts), for a scheduled run the account that last saved the drift rule, else the one
   * that started the latest run on demand; a scheduled run nobody can pay for ends failed at once,
   * so it shows in the list and the schedule counts from it.
   */
  async open(m: EntityManager, owner: RevalRunOwner, starter: RevalStarter): Promise<RevalOpened | 'running' | 'empty'> {
    const rule = await this.rule(owner, m);
    const charged = await this.charged(owner, m);
    const payerId = !charged ? null : starter.trigger === 1 ? starter.accountId : await this.scheduledPayer(m, owner);
    const [run]: { id: string }[] = await m.query(
      `INSERT INTO reval_run (tenant_id, company_id, account_id, account_name, trigger, state, engine_version, rule, total, payer_id)
       VALUES ($1, $2, $3, $4, $5, 1, $6, $7::jsonb, 0, $8)
       ON CONFLICT (tenant_id, company_id) WHERE state = 1 DO NOTHING
       RETURNING id::text AS id`,
      [
        owner.tenantId,
        owner.companyId,
        starter.accountId,
        starter.accountName,
        starter.trigger,
        ENGINE_VERSION,
        JSON.stringify(rule),
        payerId,
      ],
    );
    if (!run) return 'running';
    const [{ total }]: { total: number }[] = await m.query(
      `WITH snap AS (
         INSERT INTO reval_item (run_id, asset_id, chunk, tenant_id, company_id, organization_id, account_id, input, city_code, dist_code, ha_code, ha_name, prop_type,
                                 bldg_area, loan_no, loan_amount, origin_value, prev_value, prev_class)
         SELECT $1, a.id, (row_number() OVER (ORDER BY r.city_code, r.ha_code, a.id) - 1) / $4, a.tenant_id, a.company_id, a.organization_id, a.account_id, r.input, r.city_code, r.dist_code,
                r.ha_code, r.ha_name, r.prop_type, r.bldg_area, a.loan_no, a.loan_amount, a.loan_origin_value,
                CASE WHEN p.asset_id IS NOT NULL THEN p.total_price WHEN r.eval_type = 1 THEN r.total_price END,
                CASE WHEN p.asset_id IS NOT NULL THEN p.confidence_class ELSE r.confidence_class END
           FROM asset a
           JOIN LATERAL (
             SELECT lr.input, lr.city_code, lr.dist_code, lr.ha_code, lr.ha_name, lr.prop_type, lr.bldg_area, lr.eval_type, lr.total_price,
                    lr.confidence_class
               FROM eval_record lr
              WHERE lr.tenant_id = a.tenant_id AND lr.company_id = a.company_id AND lr.root_eval_code = a.root_eval_code
              ORDER BY lr.created_at DESC, lr.id DESC LIMIT 1) r ON true
           LEFT JOIN LATERAL (
             SELECT i.asset_id, i.total_price, i.confidence_class
               FROM reval_item i JOIN reval_run pr ON pr.id = i.run_id
              WHERE i.asset_id = a.id AND i.state = 1 AND pr.state = 2 AND pr.tenant_id = a.tenant_id AND pr.company_id = a.company_id
              ORDER BY i.run_id DESC LIMIT 1) p ON true
          WHERE a.tenant_id = $2 AND a.company_id = $3
         RETURNING 1
       ), counted AS (
         UPDATE reval_run SET total = (SELECT count(*) FROM snap) WHERE id = $1 RETURNING total
       )
       SELECT total FROM counted`,
      [run.id, owner.tenantId, owner.companyId, CHUNK_SIZE],
    );
    if (total === 0) {
      await m.query(`DELETE FROM reval_run WHERE id = $1`, [run.id]);
      return 'empty';
    }
    if (!charged) return { runId: run.id, total, state: 1, charged };
    const reserved = payerId === null ? null : await this.reserve(m, run.id, { tenantId: owner.tenantId, accountId: payerId });
    if (reserved) {
      await m.query(`UPDATE reval_run SET reservations = $2::jsonb WHERE id = $1`, [run.id, JSON.stringify(reserved)]);
      return { runId: run.id, total, state: 1, charged };
    }
    if (starter.trigger === 1) throw new QuotaExhaustedError('valuation');
    await this.end(m, run.id, RevalMsg.scheduledUnpaid, RevalItemMsg.unpaid);
    return { runId: run.id, total, state: 3, charged };
  }

  /**
   * Who pays a scheduled run: the account that last saved the company's drift rule, else the one
   * that started the company's latest run on demand; null when neither exists.
   */
  private async scheduledPayer(m: EntityManager, owner: RevalRunOwner): Promise<number | null> {
    const [row]: { payer: number | null }[] = await m.query(
      `SELECT coalesce(
         (SELECT updated_by FROM drift_rule WHERE tenant_id = $1 AND company_id = $2),
         (SELECT account_id FROM reval_run WHERE tenant_id = $1 AND company_id = $2 AND account_id IS NOT NULL ORDER BY id DESC LIMIT 1)
       ) AS payer`,
      [owner.tenantId, owner.companyId],
    );
    return row.payer;
  }

  /**
   * Reserves one valuation count per item of the run from the payer (city-annual packages of the
   * item's city first, then nationwide counts); null, taking nothing, when the payer lacks counts.
   */
  private async reserve(
    m: EntityManager,
    runId: string,
    payer: { tenantId: number; accountId: number },
  ): Promise<QuotaReservation[] | null> {
    const cities: { cityCode: string; n: number }[] = await m.query(
      `SELECT city_code AS "cityCode", count(*)::int AS n FROM reval_item WHERE run_id = $1 GROUP BY city_code`,
      [runId],
    );
    const plan = await this.reservations.plan(m, payer, new Map(cities.map((c) => [c.cityCode, c.n])));
    if (plan.shortfall > plan.universalAvailable) return null;
    return this.reservations.apply(m, { ...payer, refType: REVAL_REF_TYPE, refId: runId }, plan);
  }

  /** The chunks of a valuing run that still have waiting items. */
  async plan(runId: string): Promise<RevalChunkPlan> {
    const [run]: { state: number }[] = await this.ds.query(`SELECT state FROM reval_run WHERE id = $1`, [runId]);
    if (!run) return { kind: 'missing' };
    if (run.state !== 1) return { kind: 'idle', state: run.state };
    const chunks: { chunk: number }[] = await this.ds.query(
      `SELECT DISTINCT chunk FROM reval_item WHERE run_id = $1 AND state = 0 ORDER BY chunk`,
      [runId],
    );
    return { kind: 'run', chunks: chunks.map((c) => c.chunk) };
  }

  /** Valuing runs whose counters have not moved for `seconds`. */
  async stalled(seconds: number, limit = 100): Promise<string[]> {
    const rows: { id: string }[] = await this.ds.query(
      `SELECT id::text AS id FROM reval_run WHERE state = 1 AND updated_at < now() - make_interval(secs => $1) ORDER BY id LIMIT $2`,
      [seconds, limit],
    );
    return rows.map((r) => r.id);
  }

  /**
   * Companies due for a scheduled run today: their rule's schedule is on, they keep assets, nothing
   * is valuing, and their last run (or, before the first, their first asset) is at least the rule's
   * months old.
   */
  async due(limit = 100): Promise<RevalRunOwner[]> {
    const today = businessToday();
    const rows: (RevalRunOwner & { months: number; since: Date })[] = await this.ds.query(
      `SELECT a.tenant_id AS "tenantId", a.company_id AS "companyId", coalesce(dr.schedule_months, $1) AS months,
              coalesce((SELECT max(r.created_at) FROM reval_run r WHERE r.tenant_id = a.tenant_id AND r.company_id = a.company_id), a.first) AS since
         FROM (SELECT tenant_id, company_id, min(created_at) AS first FROM asset GROUP BY tenant_id, company_id) a
         LEFT JOIN drift_rule dr ON dr.tenant_id = a.tenant_id AND dr.company_id = a.company_id
        WHERE coalesce(dr.schedule_enabled, $2)
          AND NOT EXISTS (SELECT 1 FROM reval_run v WHERE v.tenant_id = a.tenant_id AND v.company_id = a.company_id AND v.state = 1)
        ORDER BY 1, 2`,
      [DEFAULT_DRIFT_RULE.scheduleMonths, DEFAULT_DRIFT_RULE.scheduleEnabled],
    );
    return rows
      .filter((r) => addMonths(businessDate(r.since), r.months) <= today)
      .slice(0, limit)
      .map(({ tenantId, companyId }) => ({ tenantId, companyId }));
  }

  /**
   * Ends a valuing run in state 3; its waiting items end not valued, their counts go back when the
   * run was charged, and the revaluation.finished notification is written with the end. False when
   * it was not valuing.
   */
  fail(runId: string, reason: string): Promise<boolean> {
    return this.ds.transaction((m) => this.end(m, runId, reason, RevalItemMsg.abandoned));
  }

  private async end(m: EntityManager, runId: string, reason: string, itemError: string): Promise<boolean> {
    const [ended]: RunEnd[] = await m.query(
      `WITH ended AS (
         UPDATE reval_run SET state = 3, error_reason = left($2, 500), finished_at = now(), updated_at = now()
          WHERE id = $1 AND state = 1
         RETURNING id, tenant_id, company_id, state, total, valued, alerts, value_total, loan_total, finished_at
       )
       SELECT * FROM ended`,
      [runId, reason],
    );
    if (!ended) return false;
    await m.query(`UPDATE reval_item SET state = 2, error = $2 WHERE run_id = $1 AND state = 0`, [runId, itemError]);
    await this.settle(m, runId);
    await notifyRunEnd(m, ended);
    return true;
  }

  /**
   * Gives back the counts reserved for the items a run that has just ended did not value (state 2)
   * to the packages they came from, in the transaction that ended it; once, by the run's refunded
   * flag. Nothing for an uncharged run.
   */
  private async settle(m: EntityManager, runId: string): Promise<void> {
    const [run]: { tenantId: number; payerId: number; reservations: QuotaReservation[] }[] = await m.query(
      `WITH u AS (
         UPDATE reval_run SET refunded = true
          WHERE id = $1 AND NOT refunded AND payer_id IS NOT NULL AND jsonb_array_length(reservations) > 0
         RETURNING tenant_id, payer_id, reservations
       )
       SELECT tenant_id AS "tenantId", payer_id AS "payerId", reservations FROM u`,
      [runId],
    );
    if (!run) return;
    const unvalued: { cityCode: string; n: number }[] = await m.query(
      `SELECT city_code AS "cityCode", count(*)::int AS n FROM reval_item WHERE run_id = $1 AND state = 2 GROUP BY city_code`,
      [runId],
    );
    const ref = { tenantId: run.tenantId, accountId: run.payerId, refType: REVAL_REF_TYPE, refId: runId };
    await this.reservations.refund(m, ref, run.reservations, unvalued);
  }

  /** Revalues the waiting items of one chunk. */
  async runChunk(runId: string, chunk: number): Promise<RevalChunkResult> {
    const result: RevalChunkResult = { written: 0, valued: 0, alerts: 0, finished: false, skipped: false };
    const [run]: RunRow[] = await this.ds.query(
      `SELECT id::text AS id, tenant_id AS "tenantId", company_id AS "companyId", state, rule FROM reval_run WHERE id = $1`,
      [runId],
    );
    if (!run || run.state !== 1) return { ...result, skipped: true };
    const items: WaitingItem[] = await this.ds.query(
      `SELECT id::text AS id, organization_id AS "organizationId", account_id AS "accountId", input, city_code AS "cityCode", ha_code AS "haCode",
              loan_amount AS "loanAmount", origin_value AS "originValue", prev_value AS "prevValue", prev_class AS "prevClass"
         FROM reval_item WHERE run_id = $1 AND chunk = $2 AND state = 0 ORDER BY id`,
      [runId, chunk],
    );
    const communities = await this.communities(items);
    await this.preloadMarkets(items, communities);

    let writing: Promise<void> = Promise.resolve();
    for (let i = 0; i < items.length; i += REVAL_WRITE_GROUP) {
      const group = items.slice(i, i + REVAL_WRITE_GROUP);
      const valued = await Promise.all(group.map((item) => this.valueItem(run, item, communities)));
      await writing;
      writing = this.write(run, valued).then((outcome) => {
        result.written += outcome.written;
        result.valued += outcome.valued;
        result.alerts += outcome.alerts;
        result.finished ||= outcome.finished;
      });
    }
    await writing;
    return result;
  }

  private async communities(items: readonly WaitingItem[]): Promise<Map<string, SubjectCommunity | null>> {
    const keys = new Map<string, { cityCode: string; haCode: string }>();
    for (const item of items)
      if (item.haCode) keys.set(`${item.cityCode}|${item.haCode}`, { cityCode: item.cityCode, haCode: item.haCode });
    const found = await Promise.all(
      [...keys].map(async ([key, k]) => [key, await this.market.communityByCode(k.cityCode, k.haCode)] as const),
    );
    return new Map(found);
  }

  private async preloadMarkets(items: readonly WaitingItem[], communities: Map<string, SubjectCommunity | null>): Promise<void> {
    const byType = new Map<number, SubjectCommunity[]>();
    for (const item of items) {
      const community = communities.get(`${item.cityCode}|${item.haCode}`);
      if (!community) continue;
      const list = byType.get(item.input.propType) ?? [];
      list.push(community);
      byType.set(item.input.propType, list);
    }
    const now = businessNow();
    await Promise.all([...byType].map(([propType, subjects]) => this.market.preload(subjects, 1, propType, now)));
  }

  private async valueItem(
    run: RunRow,
    item: WaitingItem,
    communities: Map<string, SubjectCommunity | null>,
  ): Promise<{ outcome: ItemOutcome; alerts: AlertRow[] }> {
    const outcome: ItemOutcome = {
      id: item.id,
      state: 2,
      total_price: null,
      unit_price: null,
      confidence_class: null,
      method: null,
      ltv: null,
      error: RevalItemMsg.notFound,
    };
    const community = communities.get(`${item.cityCode}|${item.haCode}`);
    if (!community) return { outcome, alerts: [] };
    const { evalType: _evalType, ...req } = item.input;
    const actor = { tenantId: run.tenantId, companyId: run.companyId, organizationId: item.organizationId, accountId: item.accountId };
    try {
      const { result } = await this.valuation.appraise(actor, req, 1, community);
      if (result.state !== 1 || result.totalPrice === null) {
        outcome.error = RevalItemMsg.referenceOnly;
        return { outcome, alerts: [] };
      }
      const loanAmount = num(item.loanAmount);
      const ltv = loanToValue(loanAmount, result.totalPrice);
      Object.assign(outcome, {
        state: 1,
        total_price: money(result.totalPrice),
        unit_price: money(result.unitPrice),
        confidence_class: result.confidenceClass,
        method: result.method,
        ltv: ltv === null ? null : ltv.toFixed(2),
        error: null,
      });
      const findings = driftFindings(run.rule, {
        value: result.totalPrice,
        confidenceClass: result.confidenceClass,
        originValue: num(item.originValue),
        prevValue: num(item.prevValue),
        prevClass: item.prevClass,
        loanAmount,
      });
      const alerts = findings.map((f) => ({
        item: item.id,
        kind: f.kind,
        actual: f.actual.toFixed(2),
        threshold: f.limit.toFixed(2),
        message: driftMessage(f),
      }));
      return { outcome, alerts };
    } catch (error) {
      if (!(error instanceof NoPropertyFoundError)) throw error;
      return { outcome, alerts: [] };
    }
  }

  /**
   * One transaction for a group: the items still waiting take their outcome, the alerts of those
   * are inserted, the run's counters move by what was written, and the run finishes when that
   * completes it; the transaction that finishes it also gives back the counts of the items not
   * valued and writes its revaluation.finished notification, so there is exactly one of each.
   */
  private write(
    run: RunRow,
    valued: { outcome: ItemOutcome; alerts: AlertRow[] }[],
  ): Promise<{ written: number; valued: number; alerts: number; finished: boolean }> {
    return this.ds.transaction(async (m) => {
      const [row]: (RunEnd & { n: number; ok: number; written_alerts: number; moved: boolean })[] = await m.query(
        `WITH v AS (
           SELECT * FROM jsonb_to_recordset($2::jsonb) AS v(
             id bigint, state smallint, total_price numeric, unit_price numeric, confidence_class varchar, method varchar, ltv numeric, error varchar)
         ), done AS (
           UPDATE reval_item i
              SET state = v.state, total_price = v.total_price, unit_price = v.unit_price, confidence_class = v.confidence_class,
                  method = v.method, ltv = v.ltv, error = v.error, valued_at = now()
             FROM v
            WHERE i.id = v.id AND i.run_id = $1 AND i.state = 0
           RETURNING i.id, i.asset_id, i.organization_id, i.account_id, i.state, i.total_price, i.loan_amount
         ), al AS (
           INSERT INTO drift_alert (tenant_id, company_id, organization_id, account_id, run_id, asset_id, kind, actual, threshold, message)
           SELECT $4, $5, d.organization_id, d.account_id, $1, d.asset_id, f.kind, f.actual, f.threshold, f.message
             FROM done d JOIN jsonb_to_recordset($3::jsonb) AS f(item bigint, kind varchar, actual numeric, threshold numeric, message varchar)
               ON f.item = d.id
           RETURNING 1
         ), sums AS (
           SELECT count(*)::int AS n, count(*) FILTER (WHERE state = 1)::int AS ok,
                  coalesce(sum(total_price) FILTER (WHERE state = 1), 0) AS value, coalesce(sum(loan_amount) FILTER (WHERE state = 1), 0) AS loan,
                  (SELECT count(*) FROM al)::int AS alerts
             FROM done
         ), t AS (
           UPDATE reval_run r
              SET processed = r.processed + s.n, valued = r.valued + s.ok, alerts = r.alerts + s.alerts,
                  value_total = r.value_total + s.value, loan_total = r.loan_total + s.loan,
                  state = CASE WHEN r.processed + s.n = r.total THEN 2 ELSE r.state END,
                  finished_at = CASE WHEN r.processed + s.n = r.total THEN now() ELSE r.finished_at END, updated_at = now()
             FROM sums s
            WHERE r.id = $1 AND r.state = 1 AND s.n > 0
           RETURNING r.id, r.tenant_id, r.company_id, r.state, r.total, r.valued, r.alerts, r.value_total, r.loan_total, r.finished_at
         )
         SELECT s.n, s.ok, s.alerts AS written_alerts, t.id IS NOT NULL AS moved, t.*
           FROM sums s LEFT JOIN t ON true`,
        [
          run.id,
          JSON.stringify(valued.map((v) => v.outcome)),
          JSON.stringify(valued.flatMap((v) => v.alerts)),
          run.tenantId,
          run.companyId,
        ],
      );
      if (row.n > 0 && !row.moved) throw new Error(`revaluation run ${run.id} stopped valuing while a chunk was written`);
      const finished = row.moved && row.state === 2;
      if (finished) {
        await this.settle(m, run.id);
        await notifyRunEnd(m, row);
      }
      return { written: row.n, valued: row.ok, alerts: row.written_alerts, finished };
    });
  }
}

/** What the notification of a run's end reports, as the statement that ended it returns it. */
interface RunEnd {
  id: string;
  tenant_id: number;
  company_id: number;
  state: number;
  total: number;
  valued: number;
  alerts: number;
  value_total: string;
  loan_total: string;
  finished_at: Date;
}

/**
 * Writes the revaluation.finished notification of a run that has just ended (state 2 or 3) in the
 * transaction that ended it, for the company (its root organisation: an organisation's company id
 * is the root's id) and so for the company's webhook.
 */
function notifyRunEnd(m: EntityManager, run: RunEnd): Promise<void> {
  return addOutboxMessage(m, {
    tenantId: run.tenant_id,
    organizationId: run.company_id,
    kind: 'revaluation.finished',
    phone: null,
    payload: {
      runId: Number(run.id),
      state: run.state,
      total: run.total,
      valued: run.valued,
      alerts: run.alerts,
      valueTotal: Number(run.value_total),
      loanTotal: Number(run.loan_total),
      finishedAt: new Date(run.finished_at).toISOString(),
    },
  });
}
