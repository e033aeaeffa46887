import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Balances move into packages: every city package keeps its id, and the nationwide and report
 * counts an account held become one package per kind (dated by the account's orders of that kind),
 * taking the ledger rows that had no package. Orders learn their company and state; the charges
 * kept by batch tasks and reports name the package that paid.
 */
export class BalancePackages1795794480174 implements MigrationInterface {
  name = 'BalancePackages1795794480174';

  private async moveBalancesIntoPackages(q: QueryRunner): Promise<void> {
    await q.query(`
      INSERT INTO balance_package (id, tenant_id, account_id, kind, city_codes, city_names, granted, remaining, effective_date, expire_date, order_id, order_no)
      SELECT cp.id, cp.tenant_id, cp.account_id, 'city', ARRAY[cp.city_code]::varchar[], cp.city_name,
             coalesce((SELECT sum(l.delta) FROM balance_ledger l WHERE l.package_id = cp.id AND l.kind = 'city' AND l.reason = 'order'), cp.remaining)::int,
             cp.remaining, cp.effective_date, cp.expire_date, o.id, cp.order_no
        FROM city_package cp LEFT JOIN balance_order o ON o.order_no = cp.order_no`);
    await q.query(`SELECT setval(pg_get_serial_sequence('balance_package', 'id'), greatest((SELECT max(id) FROM balance_package), 1))`);
    await q.query(`
      WITH kinds(kind, product_code) AS (VALUES ('universal', '000001'), ('advisory', '000002'), ('inquiry', '000003')),
           held AS (
             SELECT b.tenant_id, b.account_id, k.kind, k.product_code,
                    CASE k.kind WHEN 'universal' THEN b.universal_count WHEN 'advisory' THEN b.advisory_count ELSE b.inquiry_count END AS remaining
               FROM account_balance b CROSS JOIN kinds k
           )
      INSERT INTO balance_package (tenant_id, account_id, kind, granted, remaining, effective_date, expire_date, order_id, order_no)
      SELECT h.tenant_id, h.account_id, h.kind,
             coalesce((SELECT sum(l.delta) FROM balance_ledger l WHERE l.account_id = h.account_id AND l.kind = h.kind AND l.reason = 'order'), h.remaining)::int,
             h.remaining,
             coalesce(min(o.effective_date), DATE '2018-01-01'), coalesce(max(o.expire_date), DATE '2099-12-31'),
             CASE WHEN count(o.id) = 1 THEN min(o.id) END, CASE WHEN count(o.id) = 1 THEN min(o.order_no) END
        FROM held h
        LEFT JOIN balance_order o ON o.account_id = h.account_id AND o.tenant_id = h.tenant_id AND o.product_code = h.product_code
             AND (h.kind <> 'universal' OR o.buy_mode_code <> 6)
       WHERE h.remaining > 0 OR EXISTS (SELECT 1 FROM balance_ledger l WHERE l.account_id = h.account_id AND l.kind = h.kind)
       GROUP BY h.tenant_id, h.account_id, h.kind, h.product_code, h.remaining`);
    await q.query(`
      UPDATE balance_ledger l SET package_id = p.id
        FROM balance_package p
       WHERE l.package_id IS NULL AND p.account_id = l.account_id AND p.tenant_id = l.tenant_id AND p.kind = l.kind AND p.kind <> 'city'`);
    await q.query(`UPDATE balance_order o SET company_id = a.company_id FROM account a WHERE a.id = o.account_id`);
    await q.query(`
      UPDATE balance_order SET state = CASE WHEN (now() AT TIME ZONE 'Asia/Shanghai')::date < effective_date THEN 0
                                            WHEN (now() AT TIME ZONE 'Asia/Shanghai')::date > expire_date THEN 2 ELSE 1 END`);
    await q.query(`
      UPDATE batch_task t SET reservations = coalesce((
        SELECT jsonb_agg((r - 'cityPackageId') || jsonb_build_object('packageId', coalesce(nullif(r -> 'cityPackageId', 'null'::jsonb), (
                 SELECT to_jsonb(p.id) FROM balance_package p WHERE p.account_id = t.account_id AND p.kind = 'universal' ORDER BY p.id LIMIT 1))))
          FROM jsonb_array_elements(t.reservations) r), '[]'::jsonb)
       WHERE jsonb_array_length(t.reservations) > 0`);
    await q.query(`
      UPDATE eval_report e SET charge = (e.charge - 'cityPackageId') || jsonb_build_object('packageId', coalesce(nullif(e.charge -> 'cityPackageId', 'null'::jsonb), (
               SELECT to_jsonb(l.package_id) FROM balance_ledger l WHERE l.id::text = e.charge ->> 'ledgerId')))
       WHERE e.charge ? 'cityPackageId'`);
    await q.query(`DELETE FROM balance_ledger WHERE package_id IS NULL`);
    await q.query(`DROP TABLE "city_package"`);
    await q.query(`DROP TABLE "account_balance"`);
  }

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "balance_ledger" RENAME COLUMN "city_package_id" TO "package_id"`);
    await queryRunner.query(`CREATE TABLE "balance_package" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "account_id" integer NOT NULL, "kind" character varying(10) NOT NULL, "city_codes" character varying(12) array NOT NULL DEFAULT '{}', "city_names" text NOT NULL DEFAULT '', "granted" integer NOT NULL DEFAULT '0', "remaining" integer NOT NULL DEFAULT '0', "effective_date" date NOT NULL, "expire_date" date NOT NULL, "order_id" integer, "order_no" character varying(32), "source_package_id" integer, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_e70a9a99c0f27f781f51538705" CHECK ("remaining" >= 0), CONSTRAINT "PK_6c6cc31a32f0045522c52c8e6c2" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_300c1f68c6426dff65ef686fab" ON "balance_package" ("order_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_57849f690d064c034b27dde471" ON "balance_package" ("source_package_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_4596c3e538dd33e0b1fd24ddff" ON "balance_package" ("account_id", "kind", "expire_date") `);
    await queryRunner.query(`CREATE TABLE "balance_allocation" ("id" SERIAL NOT NULL, "alloc_no" character varying(32) NOT NULL, "tenant_id" integer NOT NULL, "company_id" integer NOT NULL, "action" smallint NOT NULL, "account_id" integer NOT NULL, "annually_count" integer NOT NULL DEFAULT '0', "universal_count" integer NOT NULL DEFAULT '0', "advisory_count" integer NOT NULL DEFAULT '0', "inquiry_count" integer NOT NULL DEFAULT '0', "created_by" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_85e150424bba097c69c2b4b41e9" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_370449307863f0badb778c9176" ON "balance_allocation" ("alloc_no") `);
    await queryRunner.query(`CREATE INDEX "IDX_4047b2d56cd91064c5d8639d45" ON "balance_allocation" ("account_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_fc43a1aa2ec9048c5db7a54c6b" ON "balance_allocation" ("tenant_id", "company_id", "created_at") `);
    await queryRunner.query(`CREATE TABLE "balance_default" ("company_id" integer NOT NULL, "tenant_id" integer NOT NULL, "annually_count" integer NOT NULL DEFAULT '0', "universal_count" integer NOT NULL DEFAULT '0', "advisory_count" integer NOT NULL DEFAULT '0', "inquiry_count" integer NOT NULL DEFAULT '0', "updated_by" integer NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_d06b6752472c27c572616e3cd25" PRIMARY KEY ("company_id"))`);
    await queryRunner.query(`CREATE TABLE "tenant_price" ("tenant_id" integer NOT NULL, "buy_mode" smallint NOT NULL, "unit" integer NOT NULL, "price" numeric(14,2) NOT NULL DEFAULT '0', CONSTRAINT "PK_2a8be0f528be52650601a2f3769" PRIMARY KEY ("tenant_id", "buy_mode"))`);
    await queryRunner.query(`ALTER TABLE "balance_order" ADD "company_id" integer NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "balance_order" ADD "state" smallint NOT NULL DEFAULT '1'`);
    await queryRunner.query(`ALTER TABLE "balance_order" ADD "created_by" integer`);
    await this.moveBalancesIntoPackages(queryRunner);
    await queryRunner.query(`ALTER TABLE "balance_ledger" ALTER COLUMN "package_id" SET NOT NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_013530bd62c485f7e8184d7c12" ON "balance_ledger" ("package_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_bb4b65368ada7dcb4571e79cf7" ON "balance_order" ("tenant_id", "created_at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_bb4b65368ada7dcb4571e79cf7"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_013530bd62c485f7e8184d7c12"`);
    await queryRunner.query(`ALTER TABLE "balance_ledger" ALTER COLUMN "package_id" DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE "balance_order" DROP COLUMN "created_by"`);
    await queryRunner.query(`ALTER TABLE "balance_order" DROP COLUMN "state"`);
    await queryRunner.query(`ALTER TABLE "balance_order" DROP COLUMN "company_id"`);
    await queryRunner.query(`DROP TABLE "tenant_price"`);
    await queryRunner.query(`DROP TABLE "balance_default"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_fc43a1aa2ec9048c5db7a54c6b"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_4047b2d56cd91064c5d8639d45"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_370449307863f0badb778c9176"`);
    await queryRunner.query(`DROP TABLE "balance_allocation"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_4596c3e538dd33e0b1fd24ddff"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_57849f690d064c034b27dde471"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_300c1f68c6426dff65ef686fab"`);
    await queryRunner.query(
      `CREATE TABLE "account_balance" ("account_id" integer NOT NULL, "tenant_id" integer NOT NULL, "universal_count" integer NOT NULL DEFAULT '0', "advisory_count" integer NOT NULL DEFAULT '0', "inquiry_count" integer NOT NULL DEFAULT '0', "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_029576f147e256f1f93e4865c76" PRIMARY KEY ("account_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_1e63142fd3f47b7a384206e656" ON "account_balance" ("tenant_id") `);
    await queryRunner.query(
      `CREATE TABLE "city_package" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "account_id" integer NOT NULL, "city_code" character varying(12) NOT NULL, "city_name" character varying(50) NOT NULL, "remaining" integer NOT NULL DEFAULT '0', "effective_date" date NOT NULL, "expire_date" date NOT NULL, "order_no" character varying(32), CONSTRAINT "PK_0f61f39d538275ae0cbedbdda4c" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_ce97f67eae5f2d6a1b27bb7275" ON "city_package" ("account_id", "city_code", "expire_date") `);
    await queryRunner.query(`
      INSERT INTO city_package (id, tenant_id, account_id, city_code, city_name, remaining, effective_date, expire_date, order_no)
      SELECT id, tenant_id, account_id, coalesce(city_codes[1], ''), left(city_names, 50), remaining, effective_date, expire_date, order_no
        FROM balance_package WHERE kind = 'city'`);
    await queryRunner.query(`SELECT setval(pg_get_serial_sequence('city_package', 'id'), greatest((SELECT max(id) FROM city_package), 1))`);
    await queryRunner.query(`
      INSERT INTO account_balance (account_id, tenant_id, universal_count, advisory_count, inquiry_count)
      SELECT account_id, min(tenant_id), coalesce(sum(remaining) FILTER (WHERE kind = 'universal'), 0), coalesce(sum(remaining) FILTER (WHERE kind = 'advisory'), 0),
             coalesce(sum(remaining) FILTER (WHERE kind = 'inquiry'), 0)
        FROM balance_package WHERE kind <> 'city' GROUP BY account_id`);
    await queryRunner.query(`UPDATE balance_ledger SET package_id = NULL WHERE kind <> 'city'`);
    await queryRunner.query(`DROP TABLE "balance_package"`);
    await queryRunner.query(`ALTER TABLE "balance_ledger" RENAME COLUMN "package_id" TO "city_package_id"`);
  }
}
