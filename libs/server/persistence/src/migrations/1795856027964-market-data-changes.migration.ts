import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables whose rows make up a market as the valuation engine reads it. */
const MARKET_TABLES = ['market_case', 'price_index', 'community'];

/**
 * One row per transaction that wrote market data, whoever wrote it (an import, an index rebuild,
 * an edit, SQL by hand): processes that keep markets in memory count the rows to learn that
 * theirs may be out of date. Keyed by transaction id, so that a transaction writing many
 * statements adds one row and concurrent writers never wait on each other.
 */
export class MarketDataChanges1795856027964 implements MigrationInterface {
  name = 'MarketDataChanges1795856027964';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE market_data_change (txid bigint PRIMARY KEY, changed_at timestamptz NOT NULL DEFAULT now())`,
    );
    await queryRunner.query(`CREATE FUNCTION market_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO market_data_change (txid) VALUES (txid_current()) ON CONFLICT (txid) DO NOTHING;
        RETURN NULL;
      END $$`);
    for (const table of MARKET_TABLES) {
      await queryRunner.query(`CREATE TRIGGER ${table}_market_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION market_data_changed()`);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of MARKET_TABLES) await queryRunner.query(`DROP TRIGGER IF EXISTS ${table}_market_data_changed ON ${table}`);
    await queryRunner.query(`DROP FUNCTION IF EXISTS market_data_changed()`);
    await queryRunner.query(`DROP TABLE IF EXISTS market_data_change`);
  }
}
