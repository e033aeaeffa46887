import { Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { businessNow, checkBatchRow, ValuationMsg, type BatchRowInput, type ValuationRequest } from '@valuation/domain';
import type { EvalRecordEntity } from '@valuation/persistence';
import { Metrics, valuationLabels, type CountedValuation } from '@valuation/queue';
import { REGIONS_TTL_MS, TtlCache } from '../cache';
import { RegionResolver } from '../geo/region.resolver';
import { MarketLoader, type SubjectCommunity } from '../valuation/market-loader.service';
import { NoPropertyFoundError } from '../valuation/valuation.errors';
import { ValuationService, type ValuationActor } from '../valuation/valuation.service';
import { BatchFinishService, TASK_COLUMNS, type FinishingTask } from './batch-finish.service';

/** Rows written per transaction: each one guarded, the task counters moved once per group. */
export const BATCH_WRITE_GROUP = 50;

/** Reasons kept on rows without a value. */
export const BatchRowMsg = {
  addressUnresolved: '地址解析失败，未匹配到小区',
  referenceOnly: '仅有区域参考价，未估价',
} as const;

/** Item states: 0 waiting, 1 valued, 2 not valued, 3 address parse failed. */
type Outcome = 1 | 2 | 3;

/** The new content of one row, in the column names of batch_item. */
interface ItemUpdate {
  id: string;
  state: Outcome;
  city_code: string | null;
  city_name: string | null;
  dist_name: string | null;
  location: string | null;
  ha_code: string | null;
  ha_name: string | null;
  prop_type: number | null;
  bldg_area: string | null;
  floor: number | null;
  bheight: number | null;
  unit_price: string | null;
  total_price: string | null;
  eval_code: string | null;
  error: string | null;
}

/** A row's new content, its record when valued, and what the engine answered when it was asked (null: no value). */
interface ValuedRow {
  item: ItemUpdate;
  record: EvalRecordEntity | null;
  valuation?: CountedValuation | null;
}

/** A row ready for the engine, or what it ends with before. */
type PreparedRow =
  { done: ValuedRow } | { done?: undefined; item: ItemUpdate; req: ValuationRequest; community: SubjectCommunity; cityName: string };

interface WaitingRow {
  id: string;
  input: BatchRowInput;
  /** The city the upload resolved and reserved a count for; null when it found none. */
  cityCode: string | null;
}

interface TaskActor extends ValuationActor {
  id: string;
  /** A loan book: valued rows become assets carrying their loans. */
  book: boolean;
  /** The client the file was uploaded from. */
  source: number;
  state: number;
  evalTotal: number;
  processed: number;
}

export type BatchChunkPlan =
  | { kind: 'missing' }
  | { kind: 'idle'; state: number }
  | { kind: 'rows-missing'; waiting: number; expected: number }
  | { kind: 'run'; chunks: number[] };

export interface BatchChunkResult {
  /** Rows of the chunk this run moved out of state 0 (fewer when another run got there first). */
  written: number;
  valued: number;
  /** The task finished (state 2) in this run. */
  finished: boolean;
  /** The task was not valuing, so nothing was done. */
  skipped: boolean;
}

/**
 * The city of a row: the one the upload resolved and reserved for, with the district the same
 * resolver reads from the row; the resolver alone for a row stored without a city.
 */
function placeOf(row: WaitingRow, regions: RegionResolver): { cityCode: string | null; cityName: string | null; distName: string | null } {
  const input = row.input ?? {};
  const place = input.cityName ? regions.place(input.cityName, input.distName) : null;
  const cityCode = row.cityCode ?? place?.cityCode ?? null;
  if (!cityCode) return { cityCode: null, cityName: null, distName: null };
  return { cityCode, cityName: regions.name(cityCode), distName: place?.cityCode === cityCode ? place.distName : null };
}

/** At most `max` characters, as the column holds them. */
const clip = (text: string | null | undefined, max: number) => (text ? [...text].slice(0, max).join('') : null);
const money = (n: number | null) => (n === null ? null : n.toFixed(2));
const int = (text: string | undefined) => (text && /^-?\d+$/.test(text.trim()) ? Number(text.trim()) : null);

/**
 * Values the rows of a batch task chunk by chunk, in any number of worker processes at once.
 * A row leaves state 0 exactly once: its conditional update, its valuation record and the task
 * counters are one statement, so a retried, duplicated or crashed chunk never values a row twice
 * and the progress is always the count of finished rows. The statement that brings the progress
 * to the total also finishes the task (refunds and notification) in its transaction.
 */
@Injectable()
export class BatchRunner {
  private readonly regions = new TtlCache<RegionResolver>(REGIONS_TTL_MS, 1);
  /** The community each free-text address of a batch resolves to, for a minute. */
  private readonly places = new TtlCache<SubjectCommunity | null>(60_000, 50_000);

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly valuation: ValuationService,
    private readonly market: MarketLoader,
    private readonly finisher: BatchFinishService,
    @Optional() private readonly metrics?: Metrics,
  ) {}

  /** The chunks of a valuing task that still have waiting rows. */
  async plan(taskId: string): Promise<BatchChunkPlan> {
    const [task]: { state: number; evalTotal: number; processed: number }[] = await this.ds.query(
      `SELECT state, eval_total AS "evalTotal", processed FROM batch_task WHERE id = $1`,
      [taskId],
    );
    if (!task) return { kind: 'missing' };
    if (task.state !== 1) return { kind: 'idle', state: task.state };
    const chunks: { chunk: number; n: number }[] = await this.ds.query(
      `SELECT chunk, count(*)::int AS n FROM batch_item WHERE task_id = $1 AND state = 0 GROUP BY chunk ORDER BY chunk`,
      [taskId],
    );
    const waiting = chunks.reduce((sum, c) => sum + c.n, 0);
    const expected = task.evalTotal - task.processed;
    if (waiting !== expected) return { kind: 'rows-missing', waiting, expected };
    return { kind: 'run', chunks: chunks.map((c) => c.chunk) };
  }

  /**
   * Valuing tasks whose counters have not moved for `seconds`: a task whose start job was never
   * queued (the upload committed but the queue was unreachable) or was lost.
   */
  async stalled(seconds: number, limit = 100): Promise<string[]> {
    const rows: { id: string }[] = await this.ds.query(
      `SELECT id FROM batch_task WHERE state = 1 AND updated_at < now() - make_interval(secs => $1) ORDER BY id LIMIT $2`,
      [seconds, limit],
    );
    return rows.map((r) => String(r.id));
  }

  /** Ends the task in state 3 and refunds what was not valued; false when it was not valuing. */
  fail(taskId: string, reason: string): Promise<boolean> {
    return this.finisher.fail(taskId, reason);
  }

  /** Values the waiting rows of one chunk. */
  async runChunk(taskId: string, chunk: number): Promise<BatchChunkResult> {
    const [task]: TaskActor[] = await this.ds.query(
      `SELECT id::text AS id, tenant_id AS "tenantId", company_id AS "companyId", organization_id AS "organizationId", account_id AS "accountId",
              source, state, eval_total AS "evalTotal", processed, book
         FROM batch_task WHERE id = $1`,
      [taskId],
    );
    const result: BatchChunkResult = { written: 0, valued: 0, finished: false, skipped: false };
    if (!task || task.state !== 1) return { ...result, skipped: true };
    const rows: WaitingRow[] = await this.ds.query(
      `SELECT id, input, city_code AS "cityCode" FROM batch_item WHERE task_id = $1 AND chunk = $2 AND state = 0 ORDER BY row_no`,
      [taskId, chunk],
    );
    const regions = await this.regions.get('all', () => RegionResolver.load(this.ds));
    const named = await this.namedCommunities(rows, regions);
    const prepared = await Promise.all(rows.map((row) => this.prepareRow(row, regions, named)));
    await this.preloadMarkets(prepared);

    // Valuing a group overlaps with writing the one before it.
    let writing: Promise<void> = Promise.resolve();
    for (let i = 0; i < prepared.length; i += BATCH_WRITE_GROUP) {
      const valued = await Promise.all(prepared.slice(i, i + BATCH_WRITE_GROUP).map((row) => this.valueRow(task, row)));
      await writing;
      writing = this.write(task, valued).then((outcome) => {
        result.written += outcome.written;
        result.valued += outcome.valued;
        result.finished ||= outcome.finished;
      });
    }
    await writing;
    return result;
  }

  /** The communities of the chunk whose address is exactly a community's name, found in one query. */
  private async namedCommunities(rows: WaitingRow[], regions: RegionResolver): Promise<Map<string, SubjectCommunity>> {
    const wanted = new Map<string, { cityCode: string; name: string }>();
    for (const row of rows) {
      const { cityCode } = placeOf(row, regions);
      if (cityCode && row.input?.location) wanted.set(`${cityCode}|${row.input.location}`, { cityCode, name: row.input.location });
    }
    return this.market.communitiesByName([...wanted.values()]);
  }

  /**
   * A row as far as it goes without the engine: its place, community and checked request, or its
   * final outcome when it stops before valuation.
   */
  private async prepareRow(row: WaitingRow, regions: RegionResolver, named: Map<string, SubjectCommunity>): Promise<PreparedRow> {
    const input = row.input ?? {};
    const { cityCode, cityName, distName } = placeOf(row, regions);
    const item: ItemUpdate = {
      id: row.id,
      state: 3,
      city_code: cityCode,
      city_name: clip(cityName ?? input.cityName, 20),
      dist_name: clip(distName ?? input.distName, 20),
      location: input.location?.slice(0, 200) ?? null,
      ha_code: null,
      ha_name: null,
      prop_type: null,
      bldg_area: null,
      floor: int(input.floor),
      bheight: int(input.bheight),
      unit_price: null,
      total_price: null,
      eval_code: null,
      error: BatchRowMsg.addressUnresolved,
    };
    if (!cityCode || !input.location) return { done: { item, record: null } };
    const location = input.location;
    const key = `${cityCode}|${location}`;
    const community = named.get(key) ?? (await this.places.get(key, () => this.market.communityByAddress(cityCode, location)));
    if (!community) return { done: { item, record: null } };
    item.ha_code = community.haCode;
    item.ha_name = community.name;
    if (!item.dist_name && community.distCode) item.dist_name = regions.name(community.distCode);

    const place = { cityCode, cityName: item.city_name ?? '', haInfo: { haCode: community.haCode, haName: community.name } };
    const check = checkBatchRow(input, place);
    item.state = 2;
    if (!check.ok) {
      item.error = check.message;
      return { done: { item, record: null } };
    }
    const req = check.value;
    item.prop_type = req.propType;
    item.bldg_area = req.bldgArea.toFixed(2);
    item.floor = req.floor;
    item.bheight = req.bheight;
    return { item, req, community, cityName: place.cityName };
  }

  private async valueRow(actor: TaskActor, prepared: PreparedRow): Promise<ValuedRow> {
    if (prepared.done) return prepared.done;
    const { item, req, community, cityName } = prepared;
    try {
      const { evalCode, record, result } = await this.valuation.appraise(actor, req, 1, community, {
        source: actor.source,
        batchTaskId: actor.id,
        refType: 'batch',
        cityName,
      });
      if (result.state !== 1) {
        item.error = BatchRowMsg.referenceOnly;
        return { item, record: null, valuation: result };
      }
      Object.assign(item, {
        state: 1,
        unit_price: money(result.unitPrice),
        total_price: money(result.totalPrice),
        eval_code: evalCode,
        error: null,
      });
      return { item, record, valuation: result };
    } catch (error) {
      if (!(error instanceof NoPropertyFoundError)) throw error;
      item.error = ValuationMsg.noPropertyFound;
      return { item, record: null, valuation: null };
    }
  }

  /** Loads together the markets the chunk's rows will be valued on, by property type. */
  private async preloadMarkets(prepared: readonly PreparedRow[]): Promise<void> {
    const byType = new Map<number, SubjectCommunity[]>();
    for (const p of prepared) {
      if (p.done) continue;
      const subjects = byType.get(p.req.propType) ?? [];
      subjects.push(p.community);
      byType.set(p.req.propType, subjects);
    }
    const now = businessNow();
    await Promise.all([...byType].map(([propType, subjects]) => this.market.preload(subjects, 1, propType, now)));
  }

  /**
   * One transaction for a group of rows: the rows still in state 0 take their outcome, the records
   * of the valued ones are inserted, the task counters move by what was actually written and, when
   * that completes the task, it is finished in the same transaction.
   */
  private async write(task: TaskActor, valued: ValuedRow[]): Promise<{ written: number; valued: number; finished: boolean }> {
    const taskId = task.id;
    const records = valued.flatMap((v) => (v.record ? [v.record] : []));
    const insert = this.valuation.recordsInsert(records, 3);
    const outcome = await this.ds.transaction(async (m) => {
      const [outcome]: (FinishingTask & { n: number; ok: number; records: number; ids: string[]; moved: boolean })[] = await m.query(
        `WITH v AS (
           SELECT * FROM jsonb_to_recordset($2::jsonb) AS v(
             id bigint, state smallint, city_code varchar, city_name varchar, dist_name varchar, location varchar, ha_code varchar,
             ha_name varchar, prop_type smallint, bldg_area numeric, floor int, bheight int, unit_price numeric, total_price numeric,
             eval_code varchar, error varchar)
         ), done AS (
           UPDATE batch_item i
              SET state = v.state, city_code = coalesce(i.city_code, v.city_code), city_name = coalesce(v.city_name, i.city_name),
                  dist_name = coalesce(v.dist_name, i.dist_name), location = coalesce(v.location, i.location), ha_code = v.ha_code,
                  ha_name = v.ha_name, prop_type = coalesce(v.prop_type, i.prop_type), bldg_area = coalesce(v.bldg_area, i.bldg_area),
                  floor = coalesce(v.floor, i.floor), bheight = coalesce(v.bheight, i.bheight), unit_price = v.unit_price,
                  total_price = v.total_price, eval_code = v.eval_code, error = v.error, updated_at = now()
             FROM v
            WHERE i.id = v.id AND i.task_id = $1 AND i.state = 0
           RETURNING i.id, i.state, i.eval_code, i.total_price
         ), rec AS (
           INSERT INTO eval_record ${insert.sql} WHERE eval_code IN (SELECT eval_code FROM done WHERE state = 1)
           RETURNING 1
         ), sums AS (
           SELECT count(*)::int AS n, count(*) FILTER (WHERE state = 1)::int AS ok, count(*) FILTER (WHERE state = 2)::int AS fail,
                  count(*) FILTER (WHERE state = 3)::int AS err, coalesce(sum(total_price) FILTER (WHERE state = 1), 0) AS amount,
                  (SELECT count(*) FROM rec)::int AS records, coalesce(array_agg(id::text), '{}') AS ids
             FROM done
         ), t AS (
           UPDATE batch_task t
              SET processed = t.processed + s.n, eval_success = t.eval_success + s.ok, eval_fail = t.eval_fail + s.fail,
                  eval_error = t.eval_error + s.err, eval_amount = t.eval_amount + s.amount,
                  state = CASE WHEN t.processed + s.n = t.eval_total THEN 2 ELSE t.state END,
                  finished_at = CASE WHEN t.processed + s.n = t.eval_total THEN now() ELSE t.finished_at END, updated_at = now()
             FROM sums s
            WHERE t.id = $1 AND t.state = 1 AND s.n > 0
           RETURNING ${TASK_COLUMNS}
         )
         SELECT s.n, s.ok, s.records, s.ids, t.id IS NOT NULL AS moved, t.* FROM sums s LEFT JOIN t ON true`,
        [taskId, JSON.stringify(valued.map((v) => v.item)), ...insert.params],
      );
      if (outcome.n > 0 && !outcome.moved) throw new Error(`batch task ${taskId} stopped valuing while a chunk was written`);
      if (outcome.records !== outcome.ok)
        throw new Error(`batch task ${taskId}: ${outcome.ok} rows valued but ${outcome.records} records written`);
      if (task.book && outcome.ok > 0) await this.addBookAssets(m, taskId, outcome.ids);
      const finished = outcome.moved && outcome.state === 2;
      if (finished) await this.finisher.settle(m, outcome);
      return { written: outcome.n, valued: outcome.ok, ids: outcome.ids, finished };
    });
    if (this.metrics) this.count(this.metrics, valued, outcome.ids);
    return { written: outcome.written, valued: outcome.valued, finished: outcome.finished };
  }

  /**
   * The valued rows of a loan book become assets of the company, each carrying the loan of its row
   * (checked and normalised at upload), added by the task's account. A property or loan number the
   * company keeps already (added meanwhile) is left as it is.
   */
  private async addBookAssets(m: EntityManager, taskId: string, itemIds: readonly string[]): Promise<void> {
    await m.query(
      `INSERT INTO asset (tenant_id, company_id, organization_id, account_id, eval_record_id, root_eval_code, added_by, added_name,
                          loan_no, loan_amount, loan_date, loan_origin_value)
       SELECT r.tenant_id, r.company_id, r.organization_id, r.account_id, r.id, r.root_eval_code, t.account_id,
              left(coalesce((SELECT a.user_name FROM account a WHERE a.id = t.account_id), ''), 20),
              i.input->>'loanNo', (i.input->>'loanAmount')::numeric, (i.input->>'loanDate')::date, (i.input->>'originValue')::numeric
         FROM batch_item i
         JOIN batch_task t ON t.id = i.task_id
         JOIN eval_record r ON r.eval_code = i.eval_code
        WHERE i.task_id = $1 AND i.id = ANY($2::bigint[]) AND i.state = 1
       ON CONFLICT DO NOTHING`,
      [taskId, itemIds],
    );
  }

  /** Counts the rows this run wrote (not those another run got to first) and the valuations among them. */
  private count(metrics: Metrics, valued: ValuedRow[], writtenIds: readonly string[]): void {
    const written = new Set(writtenIds);
    const tally = new Map<string, { valuation: CountedValuation | null; n: number }>();
    for (const v of valued) {
      if (v.valuation === undefined || !written.has(String(v.item.id))) continue;
      const key = JSON.stringify(valuationLabels(v.valuation));
      const entry = tally.get(key) ?? { valuation: v.valuation, n: 0 };
      entry.n += 1;
      tally.set(key, entry);
    }
    for (const { valuation, n } of tally.values()) metrics.countValuation(valuation, n);
    metrics.batchRowsValued.inc(written.size);
  }
}
