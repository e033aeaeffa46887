import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { Client } from 'minio';
import type { Response } from 'supertest';
import { QUEUES, type AuditRecordPayload, type ReportConfig } from '@valuation/contracts';
import { encodePng } from '@valuation/core';
import { REPORT_CONFIG_DEFAULTS, ReportConfigMsg } from '@valuation/domain';
import { ReportConfigEntity } from '@valuation/persistence';
import { minioClientOptions } from '@valuation/storage';
import { startTestApi, type TestApi } from './test-api';

const png = (rgb: [number, number, number]) => encodePng(4, 4, () => [...rgb, 255]);
const LICENSE_PNG = png([200, 30, 30]);
const SEAL_GIF = Buffer.concat([
  Buffer.from('GIF89a', 'latin1'),
  Buffer.from([1, 0, 1, 0, 0, 0, 0, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0, 0x3b]),
]);
const LICENSE_JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]),
  Buffer.from('JFIF\0', 'latin1'),
  Buffer.alloc(64, 7),
  Buffer.from([0xff, 0xd9]),
]);
const SIGN1_PNG = png([10, 10, 10]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
/** A PNG signature followed by padding up to the given size. */
const pngOfSize = (size: number) => Buffer.concat([LICENSE_PNG, Buffer.alloc(size - LICENSE_PNG.length)]);

type Files = Record<string, { content: Buffer; name: string }>;
const ALL_FALSE = { 1: false, 2: false, 3: false, 4: false, 5: false };

describe('report configuration API (channel)', () => {
  let t: TestApi;
  let s3: Client;
  let auditQueue: Queue;
  const tokens: Record<string, string> = {};

  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const getConfig = (reportType: number, token = tokens.channeladmin) =>
    t.http().get('/api/tenant/report-config/get').query({ reportType, timestamp: Date.now() }).set(auth(token));
  const getImage = (reportType: number, imageType: number, token = tokens.channeladmin) =>
    t
      .http()
      .get('/api/tenant/report-config/images')
      .query({ reportType, imageType })
      .set(auth(token))
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
  const deleteImage = (reportType: number, imageType: number, token = tokens.channeladmin) =>
    t.http().post('/api/tenant/report-config/images/delete').query({ reportType, imageType }).set(auth(token));

  function save(path: 'add' | 'update', fields: Record<string, string | number>, files: Files = {}, token = tokens.channeladmin) {
    const req = t.http().post(`/api/tenant/report-config/${path}`).set(auth(token));
    for (const [k, v] of Object.entries(fields)) req.field(k, String(v));
    for (const [field, f] of Object.entries(files))
      req.attach(field, f.content, { filename: f.name, contentType: 'application/octet-stream' });
    return req;
  }

  async function objects(tenantId = t.demoTenantId): Promise<string[]> {
    const names: string[] = [];
    for await (const o of s3.listObjectsV2(t.config.S3_BUCKET, `report-config/${tenantId}/`, true)) if (o.name) names.push(o.name);
    return names.sort();
  }

  const ownRow = (reportType: number, tenantId = t.demoTenantId) =>
    t.ds.getRepository(ReportConfigEntity).findOneByOrFail({ tenantId, reportType: reportType as 1 | 2 });

  async function auditEvents(action: string): Promise<AuditRecordPayload[]> {
    const jobs = await auditQueue.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
    return jobs.map((j) => j.data as AuditRecordPayload).filter((d) => d.action === action);
  }

  beforeAll(async () => {
    t = await startTestApi();
    s3 = new Client(minioClientOptions(t.config));
    auditQueue = t.app.get<Queue>(getQueueToken(QUEUES.audit));
    for (const login of ['channeladmin', 'appraiser1', 'otherchannel']) tokens[login] = await t.login('tenant', login);
    tokens.demoadmin = await t.login('user', 'demoadmin');
    // The demo seed gives the channel a configured consulting report; these tests start from none.
    await t.ds.getRepository(ReportConfigEntity).delete({ tenantId: t.demoTenantId });
  });
  afterAll(() => t.close());

  describe('before anything is configured', () => {
    it('gives the default texts and no images for both report types', async () => {
      for (const reportType of [1, 2] as const) {
        const res = await getConfig(reportType).expect(200);
        expect(res.body).toEqual({
          code: 200,
          message: 'success',
          data: { id: null, reportType, ...REPORT_CONFIG_DEFAULTS[reportType], images: ALL_FALSE },
        });
      }
      expect(REPORT_CONFIG_DEFAULTS[1].reportName).toBe('询价报告');
      expect(REPORT_CONFIG_DEFAULTS[2].reportName).toBe('咨询报告');
    });

    it('has no images to show or delete', async () => {
      const res = await getImage(2, 1).expect(404);
      expect(JSON.parse(res.body.toString())).toEqual({ code: 404, message: '未设置该图片', data: null });
      expect((await deleteImage(2, 1).expect(404)).body).toMatchObject({ code: 404, message: '未设置该图片' });
    });

    it('refuses an update of a configuration that does not exist', async () => {
      const res = await save('update', { id: 999999, reportType: 2, reportName: '咨询报告' }).expect(404);
      expect(res.body).toEqual({ code: 404, message: '报告配置不存在', data: null });
    });

    it('checks the report type of every call', async () => {
      expect((await getConfig(3).expect(400)).body).toMatchObject({ code: 400, message: '报告类型不正确' });
      expect((await save('add', { reportType: 0, reportName: '报告' }).expect(400)).body).toMatchObject({ message: '报告类型不正确' });
      expect(JSON.parse((await getImage(2, 6).expect(400)).body.toString())).toMatchObject({ message: '图片类型不正确' });
    });
  });

  describe('the consulting report', () => {
    let id: number;
    let keys: Partial<Record<number, string>>;

    it('is added with its texts and images', async () => {
      const res = await save(
        'add',
        {
          reportType: 2,
          reportName: '房地产咨询报告',
          reportStatement: '一、本报告仅供参考。\r\n二、复印无效。',
          reportSign: '北京示范估价有限公司',
        },
        { licenseFile: { content: LICENSE_PNG, name: '营业执照.png' }, reportSignImgFile: { content: SEAL_GIF, name: 'seal.gif' } },
      ).expect(200);
      expect(res.body).toEqual({
        code: 200,
        message: '保存成功！',
        data: {
          id: expect.any(Number),
          reportType: 2,
          reportName: '房地产咨询报告',
          reportStatement: '一、本报告仅供参考。\n二、复印无效。',
          reportSign: '北京示范估价有限公司',
          images: { ...ALL_FALSE, 1: true, 5: true },
        },
      });
      id = res.body.data.id;
      expect((await getConfig(2).expect(200)).body.data).toEqual(res.body.data);

      keys = (await ownRow(2)).imageKeys;
      expect(keys[1]).toMatch(new RegExp(`^report-config/${t.demoTenantId}/2/1-[0-9a-f-]{36}\\.png$`));
      expect(keys[5]).toMatch(/\.gif$/);
      expect(await objects()).toEqual([keys[1], keys[5]].sort());
      expect(await auditEvents('新增报告配置')).toEqual([
        expect.objectContaining({
          tenantId: t.demoTenantId,
          population: 'tenant',
          actorLogin: 'channeladmin',
          detail: '咨询报告：房地产咨询报告（上传图片：营业执照、报告印章）',
        }),
      ]);
    });

    it('streams each image with its content type', async () => {
      const licence = await getImage(2, 1).expect(200);
      expect(licence.headers['content-type']).toBe('image/png');
      expect(licence.headers['content-length']).toBe(String(LICENSE_PNG.length));
      expect(Buffer.compare(licence.body, LICENSE_PNG)).toBe(0);
      const seal = await getImage(2, 5).expect(200);
      expect(seal.headers['content-type']).toBe('image/gif');
      expect(Buffer.compare(seal.body, SEAL_GIF)).toBe(0);
      await getImage(2, 2).expect(404);
      await getImage(1, 1).expect(404);
    });

    it('cannot be added twice', async () => {
      const res = await save('add', { reportType: 2, reportName: '第二份' }).expect(409);
      expect(res.body).toMatchObject({ code: 409, message: ReportConfigMsg.alreadyExists });
      expect((await ownRow(2)).reportName).toBe('房地产咨询报告');
    });

    it('is updated: texts changed, one image replaced and its old object removed, one added, the rest kept', async () => {
      const res = await save(
        'update',
        { id, reportType: 2, reportName: '咨询报告（抵押）', reportStatement: '新的声明', reportSign: '示范估价' },
        { licenseFile: { content: LICENSE_JPEG, name: 'licence.JPG' }, appraiserSign1File: { content: SIGN1_PNG, name: '签名.png' } },
      ).expect(200);
      expect(res.body).toMatchObject({
        code: 200,
        message: '保存成功！',
        data: {
          id,
          reportType: 2,
          reportName: '咨询报告（抵押）',
          reportStatement: '新的声明',
          reportSign: '示范估价',
          images: { ...ALL_FALSE, 1: true, 3: true, 5: true },
        },
      });
      const after = (await ownRow(2)).imageKeys;
      expect(after[1]).not.toBe(keys[1]);
      expect(after[1]).toMatch(/\.jpg$/);
      expect(after[5]).toBe(keys[5]);
      expect(await objects()).toEqual([after[1], after[3], after[5]].sort());
      keys = after;

      const licence = await getImage(2, 1).expect(200);
      expect(licence.headers['content-type']).toBe('image/jpeg');
      expect(Buffer.compare(licence.body, LICENSE_JPEG)).toBe(0);
      expect(Buffer.compare((await getImage(2, 3).expect(200)).body, SIGN1_PNG)).toBe(0);
      expect(await auditEvents('修改报告配置')).toHaveLength(1);
    });

    it('refuses bad input with its message and changes nothing', async () => {
      const before = (await getConfig(2).expect(200)).body.data as ReportConfig;
      const storedBefore = await objects();
      const valid = { id, reportType: 2, reportName: '不应保存', reportStatement: '不应保存', reportSign: '不应保存' };
      const newLicence = { licenseFile: { content: LICENSE_PNG, name: 'new.png' } };
      const cases: [string, Record<string, string | number>, Files, number, string][] = [
        ['a name of 21 characters', { ...valid, reportName: '名'.repeat(21) }, newLicence, 400, '报告名称不能超过20个字'],
        ['no name', { ...valid, reportName: '' }, newLicence, 400, '请输入报告名称'],
        ['a blank name', { ...valid, reportName: '   ' }, {}, 400, '请输入报告名称'],
        ['a statement of 2001 characters', { ...valid, reportStatement: '声'.repeat(2001) }, newLicence, 400, '报告声明不能超过2000个字'],
        ['a sign of 51 characters', { ...valid, reportSign: '落'.repeat(51) }, newLicence, 400, '落款不能超过50个字'],
        ['a PDF named .png', valid, { licenseFile: { content: PDF, name: '执照.png' } }, 400, '图片格式仅支持png、jpg、jpeg、gif'],
        [
          'a PNG named .pdf',
          valid,
          { certificateFile: { content: LICENSE_PNG, name: '证书.pdf' } },
          400,
          '图片格式仅支持png、jpg、jpeg、gif',
        ],
        [
          'a valid image beside a PDF',
          valid,
          { ...newLicence, reportSignImgFile: { content: PDF, name: 'seal.gif' } },
          400,
          '图片格式仅支持png、jpg、jpeg、gif',
        ],
        [
          'a licence of 10M + 1 byte',
          valid,
          { licenseFile: { content: pngOfSize(10 * 1024 * 1024 + 1), name: 'big.png' } },
          400,
          '营业执照图片不能超过10M',
        ],
        [
          'a certificate of 10M + 1 byte',
          valid,
          { certificateFile: { content: pngOfSize(10 * 1024 * 1024 + 1), name: 'big.png' } },
          400,
          '资质证书图片不能超过10M',
        ],
        [
          'a signature of 2M + 1 byte',
          valid,
          { appraiserSign2File: { content: pngOfSize(2 * 1024 * 1024 + 1), name: 'sign.png' } },
          400,
          '估价师签名2图片不能超过2M',
        ],
        [
          'a seal of 2M + 1 byte',
          valid,
          { reportSignImgFile: { content: pngOfSize(2 * 1024 * 1024 + 1), name: 'seal.png' } },
          400,
          '报告印章图片不能超过2M',
        ],
        ['no id', { ...valid, id: '' }, newLicence, 400, '请指定要修改的报告配置'],
        ['the id with the other report type', { ...valid, reportType: 1 }, {}, 400, '报告类型与报告配置不一致'],
      ];
      for (const [label, fields, files, status, message] of cases) {
        const res: Response = await save('update', fields, files);
        expect({ label, status: res.status, code: res.body.code, message: res.body.message }).toEqual({
          label,
          status,
          code: status,
          message,
        });
      }
      expect((await getConfig(2).expect(200)).body.data).toEqual(before);
      expect(await objects()).toEqual(storedBefore);
      expect((await ownRow(2)).imageKeys).toEqual(keys);
      expect(Buffer.compare((await getImage(2, 1).expect(200)).body, LICENSE_JPEG)).toBe(0);
      expect(Buffer.compare((await getImage(2, 5).expect(200)).body, SEAL_GIF)).toBe(0);
    });

    it('accepts exactly 20, 2000 and 50 characters and the largest images', async () => {
      const res = await save(
        'update',
        { id, reportType: 2, reportName: '名'.repeat(20), reportStatement: '声'.repeat(2000), reportSign: '落'.repeat(50) },
        {
          certificateFile: { content: pngOfSize(10 * 1024 * 1024), name: 'cert.png' },
          appraiserSign2File: { content: pngOfSize(2 * 1024 * 1024), name: 'sign2.png' },
        },
      ).expect(200);
      expect(res.body.data.images).toEqual({ 1: true, 2: true, 3: true, 4: true, 5: true });
      expect((await getImage(2, 2).expect(200)).body.length).toBe(10 * 1024 * 1024);
      keys = (await ownRow(2)).imageKeys;
    });

    it('deletes one image and its object', async () => {
      const res = await deleteImage(2, 3).expect(200);
      expect(res.body).toMatchObject({
        code: 200,
        message: '删除成功',
        data: { id, images: { 1: true, 2: true, 3: false, 4: true, 5: true } },
      });
      expect((await ownRow(2)).imageKeys[3]).toBeUndefined();
      expect(await objects()).not.toContain(keys[3]);
      expect(await objects()).toHaveLength(4);
      await getImage(2, 3).expect(404);
      expect((await deleteImage(2, 3).expect(404)).body.message).toBe('未设置该图片');
      expect(await auditEvents('删除报告配置图片')).toEqual([expect.objectContaining({ detail: '咨询报告：删除估价师签名1图片' })]);
    });

    it('deletes images of the consulting report only, taking the fields from the form too', async () => {
      expect((await deleteImage(1, 1).expect(400)).body).toMatchObject({ code: 400, message: '仅咨询报告可配置图片' });
      const form = await t
        .http()
        .post('/api/tenant/report-config/images/delete')
        .set(auth(tokens.channeladmin))
        .type('form')
        .send({ reportType: 2, imageType: 4 })
        .expect(200);
      expect(form.body.data.images[4]).toBe(false);
    });
  });

  describe('the inquiry report', () => {
    it('keeps texts only: a sign and images sent with it are ignored', async () => {
      const added = await save(
        'add',
        { reportType: 1, reportName: '询价报告（银行版）', reportStatement: '询价声明', reportSign: '不打印' },
        { licenseFile: { content: LICENSE_PNG, name: 'a.png' } },
      ).expect(200);
      expect(added.body.data).toEqual({
        id: expect.any(Number),
        reportType: 1,
        reportName: '询价报告（银行版）',
        reportStatement: '询价声明',
        reportSign: '',
        images: ALL_FALSE,
      });
      expect((await ownRow(1)).imageKeys).toEqual({});
      const updated = await save('update', { id: added.body.data.id, reportType: 1, reportName: '询价报告', reportStatement: '' }).expect(
        200,
      );
      expect(updated.body.data).toMatchObject({ reportName: '询价报告', reportStatement: '' });
      expect((await getConfig(2).expect(200)).body.data.reportType).toBe(2);
    });
  });

  describe('access', () => {
    const calls = (token: string) => [
      getConfig(2, token),
      getImage(2, 1, token),
      save('add', { reportType: 2, reportName: '越权' }, {}, token),
      save('update', { id: 1, reportType: 2, reportName: '越权' }, {}, token),
      deleteImage(2, 1, token),
    ];

    it('refuses tenant staff without permission 76', async () => {
      for (const res of await Promise.all(calls(tokens.appraiser1))) {
        expect(res.status).toBe(403);
        expect(JSON.parse(Buffer.isBuffer(res.body) ? res.body.toString() : JSON.stringify(res.body))).toMatchObject({
          code: 403,
          message: '您没有该操作的权限',
        });
      }
    });

    it('refuses user tokens and calls without a token', async () => {
      for (const res of await Promise.all(calls(tokens.demoadmin))) expect(res.status).toBe(401);
      expect((await t.http().get('/api/tenant/report-config/get').query({ reportType: 2 })).status).toBe(401);
    });

    it('keeps each tenant to its own configuration', async () => {
      const demo = await ownRow(2);
      const demoObjects = await objects();

      const other = await getConfig(2, tokens.otherchannel).expect(200);
      expect(other.body.data).toMatchObject({ id: null, reportName: '咨询报告', images: ALL_FALSE });
      await getImage(2, 1, tokens.otherchannel).expect(404);
      expect((await deleteImage(2, 1, tokens.otherchannel).expect(404)).body.message).toBe('未设置该图片');
      const foreign = await save(
        'update',
        { id: demo.id, reportType: 2, reportName: '改别人的' },
        { licenseFile: { content: LICENSE_PNG, name: 'x.png' } },
        tokens.otherchannel,
      ).expect(404);
      expect(foreign.body).toMatchObject({ code: 404, message: '报告配置不存在' });

      const own = await save(
        'add',
        { reportType: 2, reportName: '另一渠道咨询报告' },
        { licenseFile: { content: LICENSE_PNG, name: 'x.png' } },
        tokens.otherchannel,
      ).expect(200);
      expect(own.body.data.id).not.toBe(demo.id);
      expect(await objects(t.otherTenantId)).toHaveLength(1);

      expect(await ownRow(2)).toEqual(demo);
      expect(await objects()).toEqual(demoObjects);
      expect((await getConfig(2).expect(200)).body.data.reportName).toBe(demo.reportName);
    });
  });
});
