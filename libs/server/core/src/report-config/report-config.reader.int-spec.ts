import { Test, type TestingModule } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ConfigModule } from '@valuation/config';
import { REPORT_CONFIG_DEFAULTS } from '@valuation/domain';
import { PersistenceModule, ReportConfigEntity } from '@valuation/persistence';
import { createTestDatabase, type TestDatabase } from '@valuation/testing';
import { ReportConfigModule } from './report-config.module';
import { ReportConfigReader } from './report-config.reader';

describe('ReportConfigReader', () => {
  let db: TestDatabase;
  let moduleRef: TestingModule;
  let reader: ReportConfigReader;
  let ds: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase();
    process.env.DATABASE_URL = db.url;
    moduleRef = await Test.createTestingModule({ imports: [ConfigModule, PersistenceModule, ReportConfigModule] }).compile();
    await moduleRef.init();
    reader = moduleRef.get(ReportConfigReader);
    ds = moduleRef.get<DataSource>(getDataSourceToken());
    await ds.getRepository(ReportConfigEntity).save([
      {
        tenantId: 1,
        companyId: null,
        reportType: 2,
        reportName: '渠道咨询报告',
        reportStatement: '渠道声明',
        reportSign: '渠道估价公司',
        imageKeys: { 1: 'report-config/1/2/1-a.png', 5: 'report-config/1/2/5-a.png' },
      },
      {
        tenantId: 1,
        companyId: 10,
        reportType: 2,
        reportName: '银行咨询报告',
        reportStatement: '银行声明',
        reportSign: '银行落款',
        imageKeys: { 3: 'report-config/1/c10/3-a.png' },
      },
      { tenantId: 2, companyId: null, reportType: 1, reportName: '另一渠道询价报告', reportStatement: '', reportSign: '', imageKeys: {} },
    ]);
  });

  afterAll(async () => {
    await moduleRef?.close();
    await db?.drop();
    delete process.env.DATABASE_URL;
  });

  it("takes the company's override first", async () => {
    expect(await reader.resolve(1, 10, 2)).toEqual({
      reportName: '银行咨询报告',
      reportStatement: '银行声明',
      reportSign: '银行落款',
      imageKeys: { 3: 'report-config/1/c10/3-a.png' },
    });
  });

  it("falls back to the tenant's own configuration for other companies and for the tenant itself", async () => {
    const tenant = {
      reportName: '渠道咨询报告',
      reportStatement: '渠道声明',
      reportSign: '渠道估价公司',
      imageKeys: { 1: 'report-config/1/2/1-a.png', 5: 'report-config/1/2/5-a.png' },
    };
    expect(await reader.resolve(1, 11, 2)).toEqual(tenant);
    expect(await reader.resolve(1, null, 2)).toEqual(tenant);
  });

  it('gives the defaults when nothing is configured, and never reads another tenant', async () => {
    expect(await reader.resolve(1, 10, 1)).toEqual({ ...REPORT_CONFIG_DEFAULTS[1], imageKeys: {} });
    expect(await reader.resolve(2, null, 2)).toEqual({ ...REPORT_CONFIG_DEFAULTS[2], imageKeys: {} });
    expect((await reader.resolve(2, null, 1)).reportName).toBe('另一渠道询价报告');
    expect(await reader.resolve(3, 10, 2)).toEqual({ ...REPORT_CONFIG_DEFAULTS[2], imageKeys: {} });
  });
});
