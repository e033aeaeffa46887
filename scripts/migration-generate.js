#!/usr/bin/env node
// Writes a migration with the SQL that brings a database migrated to the latest checked-in
// migration in line with the entities. Usage: npm run migration:generate -- <Name>
const { execSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { Client } = require('pg');

const name = process.argv[2];
if (!name || !/^[A-Z][A-Za-z0-9]+$/.test(name)) {
  console.error('usage: npm run migration:generate -- <PascalCaseName>');
  process.exit(1);
}
const root = path.resolve(__dirname, '..');
execSync('bash scripts/build-server.sh', { cwd: root, stdio: 'inherit' });

const adminUrl = process.env.DATABASE_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const scratch = `valuation_migration_${process.pid}`;

(async () => {
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${scratch}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${scratch}`;
    const { createDataSource } = require(path.join(root, 'dist/server/libs/server/persistence/src/data-source.js'));
    const ds = createDataSource({ DATABASE_URL: url.toString(), DATABASE_POOL_SIZE: 2 });
    await ds.initialize();
    await ds.runMigrations();
    const sql = await ds.driver.createSchemaBuilder().log();
    await ds.destroy();
    if (sql.upQueries.length === 0) {
      console.log('Entities and migrations agree: nothing to generate.');
      return;
    }
    const ts = Date.now();
    const className = `${name}${ts}`;
    const esc = (q) =>
      '`' + q.query.replace(/`/g, '\\`') + '`' + (q.parameters && q.parameters.length ? `, ${JSON.stringify(q.parameters)}` : '');
    const up = sql.upQueries.map((q) => `    await queryRunner.query(${esc(q)});`).join('\n');
    const down = sql.downQueries
      .reverse()
      .map((q) => `    await queryRunner.query(${esc(q)});`)
      .join('\n');
    const file = `${ts}-${name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}.migration.ts`;
    const dir = path.join(root, 'libs/server/persistence/src/migrations');
    fs.writeFileSync(
      path.join(dir, file),
      `import type { MigrationInterface, QueryRunner } from 'typeorm';\n\nexport class ${className} implements MigrationInterface {\n  name = '${className}';\n\n  public async up(queryRunner: QueryRunner): Promise<void> {\n${up}\n  }\n\n  public async down(queryRunner: QueryRunner): Promise<void> {\n${down}\n  }\n}\n`,
    );
    const indexPath = path.join(dir, 'index.ts');
    let index = fs.readFileSync(indexPath, 'utf8');
    const importLine = `import { ${className} } from './${file.replace(/\.ts$/, '')}';\n`;
    const lastImport = index.lastIndexOf('import ');
    const insertAt = lastImport === -1 ? 0 : index.indexOf('\n', lastImport) + 1;
    index = index.slice(0, insertAt) + importLine + index.slice(insertAt);
    index = index.replace(/\n\];\s*$/, `\n  ${className},\n];\n`);
    fs.writeFileSync(indexPath, index);
    console.log(`Wrote ${file} (${sql.upQueries.length} statements) and registered it.`);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${scratch}`);
    await admin.end();
  }
})().catch((err) => {
  console.error(err);
  process.exit(1);
});
