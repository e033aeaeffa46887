import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { BalanceBookService, QuotaReservationService } from '@valuation/core';
import { batchChunkOf, OrderFrom, type BatchRowInput, type BuyMode } from '@valuation/domain';
import { type AccountEntity, BalanceOrderRepository, BalanceRepository } from '@valuation/persistence';

export interface Community {
  name: string;
  cityCode: string;
}

export interface TaskRow {
  id: string;
  batchId: string;
  state: number;
  evalTotal: number;
  processed: number;
  evalSuccess: number;
  evalFail: number;
  evalError: number;
  evalAmount: string;
  refunded: boolean;
  errorReason: string | null;
  finishedAt: Date | null;
}

export const CITY_NAMES: Record<string, string> = { '110100': '北京市', '310100': '上海' };

/** A row of the template for a flat in a community of the demo market. */
export function flat(c: Community, i: number): BatchRowInput {
  return {
    cityName: CITY_NAMES[c.cityCode],
    location: c.name,
    propType: '住宅',
    bldgArea: String(50 + (i % 9) * 10 + 0.5),
    floor: String(1 + (i % 17)),
    bheight: '18',
    br: String(1 + (i % 3)),
    lr: '1',
    ba: '1',
    face: '南北',
    intDeco: '精装',
    principalCode: `KH${i}`,
  };
}

/** Batch tasks of an account on a test database, made as the upload makes them, and the checks of their outcome. */
/** Counts credited to an account by a free order valid from 2020 until 2099. */
export function creditOrder(
  ds: DataSource,
  account: AccountEntity,
  productCode: string,
  buyModeCode: BuyMode,
  count: number,
  cities: { code: string; name: string }[] = [],
) {
  return ds.transaction((m) =>
    new BalanceBookService(new BalanceRepository(ds), new BalanceOrderRepository(ds)).placeOrder(m, {
      tenantId: account.tenantId,
      accountId: account.id,
      companyId: account.companyId,
      productCode,
      buyModeCode,
      cities,
      count,
      orderPrice: '0.00',
      effectiveDate: '2020-01-01',
      expireDate: '2099-12-31',
      remark: null,
      orderFrom: OrderFrom.admin,
      createdBy: null,
    }),
  );
}

export function batchFixture(ds: DataSource, admin: AccountEntity) {
  const task = async (id: string): Promise<TaskRow> =>
    (
      await ds.query(
        `SELECT id, batch_id AS "batchId", state, eval_total AS "evalTotal", processed, eval_success AS "evalSuccess", eval_fail AS "evalFail",
                eval_error AS "evalError", eval_amount AS "evalAmount", refunded, error_reason AS "errorReason", finished_at AS "finishedAt"
           FROM batch_task WHERE id = $1`,
        [id],
      )
    )[0];

  const balances = async () => {
    const [row] = await ds.query(
      `SELECT coalesce(sum(remaining) FILTER (WHERE kind = 'universal'), 0)::int AS universal,
              coalesce(sum(remaining) FILTER (WHERE kind = 'city'), 0)::int AS city
         FROM balance_package WHERE account_id = $1`,
      [admin.id],
    );
    return { universal: Number(row.universal), city: Number(row.city) };
  };

  /** Counts credited to the administrator by an order, valid until 2099. */
  const credit = (productCode: string, buyModeCode: BuyMode, count: number, cities: { code: string; name: string }[] = []) =>
    creditOrder(ds, admin, productCode, buyModeCode, count, cities);

  /**
   * A task in state 1 with its rows, its counts reserved as the upload does (the upload's own
   * reservation): the city packages of each row's city first, then nationwide counts, each with a
   * ledger row of the batch.
   */
  async function createTask(
    rows: BatchRowInput[],
    rowCities: (string | null)[],
    recvPhone: string | null = null,
  ): Promise<{ id: string; batchId: string }> {
    const batchId = `BT${randomBytes(8).toString('hex')}`;
    return ds.transaction(async (m) => {
      const perCity = new Map<string | null, number>();
      for (const city of rowCities) perCity.set(city, (perCity.get(city) ?? 0) + 1);
      const payer = { tenantId: admin.tenantId, accountId: admin.id, refType: 'batch', refId: batchId };
      const reservation = new QuotaReservationService(new BalanceRepository(ds));
      const reservations = await reservation.apply(m, payer, await reservation.plan(m, payer, perCity));
      const [{ id }] = await m.query(
        `INSERT INTO batch_task (batch_id, tenant_id, company_id, organization_id, account_id, task_name, recv_phone, file_key, file_name, state, eval_total, reservations)
         VALUES ($1, $2, $3, $4, $5, '测试批量', $6, $7, 'batch.xlsx', 1, $8, $9::jsonb) RETURNING id`,
        [
          batchId,
          admin.tenantId,
          admin.companyId,
          admin.organizationId,
          admin.id,
          recvPhone,
          `batch/${batchId}.xlsx`,
          rows.length,
          JSON.stringify(reservations),
        ],
      );
      await m.query(
        `INSERT INTO batch_item (task_id, row_no, chunk, input, city_code)
         SELECT $1, r.n, r.chunk, r.input, r.city FROM unnest($2::int[], $3::int[], $4::jsonb[], $5::varchar[]) AS r(n, chunk, input, city)`,
        [id, rows.map((_, i) => i + 1), rows.map((_, i) => batchChunkOf(i + 1)), rows.map((r) => JSON.stringify(r)), rowCities],
      );
      return { id: String(id), batchId };
    });
  }

  /** Every row left state 0 once, with one record per valued row and a charge per valued row. */
  async function expectExactlyOnce(taskId: string, batchId: string) {
    const [items] = await ds.query(
      `SELECT count(*) FILTER (WHERE state = 1)::int AS valued, count(*) FILTER (WHERE state IN (2, 3))::int AS unvalued,
              count(*) FILTER (WHERE state = 0)::int AS waiting, count(DISTINCT eval_code)::int AS codes,
              coalesce(sum(total_price) FILTER (WHERE state = 1), 0)::numeric(18, 2)::text AS amount,
              count(*) FILTER (WHERE state = 1 AND (eval_code IS NULL OR unit_price IS NULL OR total_price IS NULL))::int AS incomplete
         FROM batch_item WHERE task_id = $1`,
      [taskId],
    );
    const [records] = await ds.query(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE r.eval_code IN (SELECT eval_code FROM batch_item WHERE task_id = $1))::int AS linked,
              count(*) FILTER (WHERE r.total_price = i.total_price AND r.unit_price = i.unit_price)::int AS same
         FROM eval_record r LEFT JOIN batch_item i ON i.eval_code = r.eval_code AND i.task_id = $1
        WHERE r.eval_code IN (SELECT eval_code FROM batch_item WHERE task_id = $1)
           OR r.created_at >= (SELECT created_at FROM batch_task WHERE id = $1)`,
      [taskId],
    );
    const [ledger] = await ds.query(
      `SELECT coalesce(sum(delta), 0)::int AS net, coalesce(sum(delta) FILTER (WHERE reason = 'refund'), 0)::int AS refunded,
              count(*) FILTER (WHERE reason = 'refund')::int AS refunds
         FROM balance_ledger WHERE ref_type = 'batch' AND ref_id = $1`,
      [batchId],
    );
    const row = await task(taskId);
    expect(items.waiting).toBe(0);
    expect(items.incomplete).toBe(0);
    expect(items.codes).toBe(items.valued);
    expect(records).toEqual({ n: items.valued, linked: items.valued, same: items.valued });
    expect(ledger.net).toBe(-items.valued);
    expect(ledger.refunded).toBe(items.unvalued);
    expect(row).toMatchObject({ state: 2, processed: row.evalTotal, evalSuccess: items.valued, evalAmount: items.amount, refunded: true });
    expect(row.evalFail + row.evalError).toBe(items.unvalued);
    expect(row.finishedAt).not.toBeNull();
    return { ...items, row };
  }
  return { task, balances, credit, createTask, expectExactlyOnce };
}

export type BatchFixture = ReturnType<typeof batchFixture>;
