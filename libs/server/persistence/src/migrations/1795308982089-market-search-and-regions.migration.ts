import type { MigrationInterface, QueryRunner } from 'typeorm';
import { syncRegions } from '../regions.sync';

export class MarketSearchAndRegions1795308982089 implements MigrationInterface {
  name = 'MarketSearchAndRegions1795308982089';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(`CREATE INDEX idx_community_name_trgm ON community USING gin (name gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX idx_community_address_trgm ON community USING gin (address gin_trgm_ops)`);
    await syncRegions(queryRunner);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM region`);
    await queryRunner.query(`DROP INDEX IF EXISTS idx_community_address_trgm`);
    await queryRunner.query(`DROP INDEX IF EXISTS idx_community_name_trgm`);
  }
}
