import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Tables that keep the name of a valuation's city next to its code. */
const TABLES = ['eval_record', 'appraisal_case', 'agency_application'] as const;

/**
 * Names every stored city as the region table does (北京市), not as the client happened to send
 * it (北京): lists, exports and reports then show one name per city. Irreversible by nature; the
 * down migration leaves the names as they are.
 */
export class CanonicalCityNames1795818683418 implements MigrationInterface {
  name = 'CanonicalCityNames1795818683418';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      await queryRunner.query(
        `UPDATE "${table}" t SET "city_name" = r."name" FROM "region" r WHERE r."code" = t."city_code" AND t."city_name" IS DISTINCT FROM r."name"`,
      );
    }
  }

  public async down(): Promise<void> {
    // The names before were a mix of forms; there is nothing to restore.
  }
}
