import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Indexes of the address geocoder: roads and point-of-interest names by equality and by similarity (pg_trgm). */
export class GeocoderIndexes1795818718894 implements MigrationInterface {
  name = 'GeocoderIndexes1795818718894';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_e06443ee1dc0e665087b8bfbd6" ON "community" ("city_code", "street_name") `);
    await queryRunner.query(`CREATE INDEX "IDX_9695c3c2b4a58f75a5256a3240" ON "poi" ("city_code", "name") `);
    await queryRunner.query(`CREATE INDEX idx_community_street_name_trgm ON community USING gin (street_name gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX idx_poi_name_trgm ON poi USING gin (name gin_trgm_ops)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS idx_poi_name_trgm`);
    await queryRunner.query(`DROP INDEX IF EXISTS idx_community_street_name_trgm`);
    await queryRunner.query(`DROP INDEX "public"."IDX_9695c3c2b4a58f75a5256a3240"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_e06443ee1dc0e665087b8bfbd6"`);
  }
}
