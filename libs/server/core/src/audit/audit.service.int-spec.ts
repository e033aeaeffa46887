import { Test, type TestingModule } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ConfigModule } from '@valuation/config';
import type { AuditRecordPayload } from '@valuation/contracts';
import { OperationLogEntity, PersistenceModule } from '@valuation/persistence';
import { createTestDatabase, type TestDatabase } from '@valuation/testing';
import { AuditModule } from './audit.module';
import { AuditService } from './audit.service';

const event: AuditRecordPayload = {
  eventKey: '0b9d7c52-96f1-4c3a-a1a4-5d3c2f1e0a77',
  tenantId: 3,
  population: 'tenant',
  actorId: 12,
  actorLogin: 'channel-admin',
  actorName: '渠道管理员',
  action: '修改个人信息',
  detail: '手机号 139****0001',
  ip: '192.168.1.20',
  at: '2025-04-02T09:15:30.000+08:00',
};

describe('AuditService', () => {
  let db: TestDatabase;
  let moduleRef: TestingModule;
  let audit: AuditService;
  let dataSource: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase();
    process.env.DATABASE_URL = db.url;
    moduleRef = await Test.createTestingModule({ imports: [ConfigModule, PersistenceModule, AuditModule] }).compile();
    await moduleRef.init();
    audit = moduleRef.get(AuditService);
    dataSource = moduleRef.get<DataSource>(getDataSourceToken());
  });

  afterAll(async () => {
    await moduleRef?.close();
    await db?.drop();
    delete process.env.DATABASE_URL;
  });

  it('writes one operation_log row per event, however often it is recorded', async () => {
    expect(await audit.record(event)).toBe(true);
    expect(await audit.record(event)).toBe(false);
    expect(await audit.record({ ...event, detail: 'changed on retry' })).toBe(false);

    const rows = await dataSource.getRepository(OperationLogEntity).findBy({ eventKey: event.eventKey });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      tenantId: 3,
      population: 'tenant',
      actorId: 12,
      actorLogin: 'channel-admin',
      actorName: '渠道管理员',
      action: '修改个人信息',
      detail: '手机号 139****0001',
      ip: '192.168.1.20',
      eventKey: event.eventKey,
    });
    expect(rows[0].operateTime.toISOString()).toBe('2025-04-02T01:15:30.000Z');
  });

  it('records distinct events separately', async () => {
    expect(await audit.record({ ...event, eventKey: 'second-event', action: '退出登录' })).toBe(true);
    expect(await dataSource.getRepository(OperationLogEntity).count()).toBe(2);
  });
});
