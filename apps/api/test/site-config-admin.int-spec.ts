import { IsNull } from 'typeorm';
import { operateCustomerDomain } from '@valuation/core';
import { encodePng } from '@valuation/core';
import { Msg, SiteConfigMsg } from '@valuation/domain';
import { OperationLogEntity, OrganizationEntity, SiteConfigEntity } from '@valuation/persistence';
import { OPERATOR, parseDomainCommand } from '../../../scripts/lib/customer-domain';
import { startTestApi, type TestApi } from './test-api';

const LOGO_PNG = encodePng(4, 4, () => [12, 166, 120, 255]);
const LOGO_GIF = Buffer.concat([
  Buffer.from('GIF89a', 'latin1'),
  Buffer.from([1, 0, 1, 0, 0, 0, 0, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0, 0x3b]),
]);
const BACKGROUND_JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]),
  Buffer.from('JFIF\0', 'latin1'),
  Buffer.alloc(64, 7),
  Buffer.from([0xff, 0xd9]),
]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
/** A PNG followed by padding up to the given size. */
const pngOfSize = (size: number) => Buffer.concat([LOGO_PNG, Buffer.alloc(size - LOGO_PNG.length)]);
const MB = 1024 * 1024;
const HOST = 'brand.bank-demo.com';

type Files = Record<string, { content: Buffer; name: string }>;

const VALID = {
  productName: '示范银行估价系统',
  companyName: '北京示范银行',
  companyProfile: 'https://www.bank-demo.com/about',
  address: '北京市西城区金融大街1号',
  contact: '010-12345678，400-800-1234,13800000000',
  email: 'brand@bank-demo.com',
  themeColor: '#0ca678',
};

describe('site configuration editing (organisation and channel)', () => {
  let t: TestApi;
  const tokens: Record<string, string> = {};
  let demoCompanyId: number;

  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const base = (side: 'user' | 'tenant') => (side === 'user' ? '/api/site-config' : '/api/tenant/site-config');

  function save(side: 'user' | 'tenant', fields: Record<string, string>, files: Files = {}, token?: string) {
    const req = t
      .http()
      .post(`${base(side)}/save`)
      .set(auth(token ?? (side === 'user' ? tokens.demoadmin : tokens.channeladmin)));
    for (const [k, v] of Object.entries(fields)) req.field(k, v);
    for (const [field, f] of Object.entries(files))
      req.attach(field, f.content, { filename: f.name, contentType: 'application/octet-stream' });
    return req;
  }
  const remove = (side: 'user' | 'tenant', type: number, token?: string) =>
    t
      .http()
      .post(`${base(side)}/delete`)
      .query({ type })
      .set(auth(token ?? (side === 'user' ? tokens.demoadmin : tokens.channeladmin)));
  const get = (side: 'user' | 'tenant', opts: { token?: string; host?: string } = {}) => {
    const req = t.http().get(`${base(side)}/get`);
    if (opts.host) req.set('Host', opts.host);
    return opts.token ? req.set(auth(opts.token)) : req;
  };
  const image = (side: 'user' | 'tenant', type: number, opts: { token?: string; host?: string } = {}) => {
    const req = t
      .http()
      .get(`${base(side)}/images`)
      .query({ type })
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    if (opts.host) req.set('Host', opts.host);
    return opts.token ? req.set(auth(opts.token)) : req;
  };
  const row = (tenantId: number, companyId: number | null) =>
    t.ds.getRepository(SiteConfigEntity).findOneBy({ tenantId, companyId: companyId ?? IsNull() });
  const logRows = (action: string) => t.ds.getRepository(OperationLogEntity).find({ where: { action }, order: { id: 'ASC' } });

  beforeAll(async () => {
    t = await startTestApi();
    for (const login of ['channeladmin', 'appraiser1', 'otherchannel']) tokens[login] = await t.login('tenant', login);
    for (const login of ['demoadmin', 'demouser', 'otheradmin']) tokens[login] = await t.login('user', login);
    demoCompanyId = (
      await t.ds.getRepository(OrganizationEntity).findOneByOrFail({ tenantId: t.demoTenantId, parentId: IsNull(), name: '北京示范银行' })
    ).id;
  });
  afterAll(() => t.close());

  describe('access', () => {
    it('refuses callers without the site configuration permission, and anonymous callers', async () => {
      expect((await save('user', VALID, {}, tokens.demouser).expect(403)).body).toMatchObject({ code: 403, message: Msg.forbidden });
      expect((await save('tenant', VALID, {}, tokens.appraiser1).expect(403)).body).toMatchObject({ code: 403 });
      expect((await remove('tenant', 1, tokens.appraiser1).expect(403)).body).toMatchObject({ code: 403 });
      await t.http().post('/api/site-config/save').field('productName', 'x').expect(401);
      await t.http().post('/api/tenant/site-config/delete?type=1').expect(401);
      expect(await row(t.demoTenantId, demoCompanyId)).toBeNull();
    });
  });

  describe('checks', () => {
    it.each([
      [{ productName: '  ' }, SiteConfigMsg.productNameRequired],
      [{ productName: '名'.repeat(51) }, SiteConfigMsg.productNameTooLong],
      [{ companyName: '公'.repeat(51) }, SiteConfigMsg.companyNameTooLong],
      [{ companyProfile: '关于我们' }, SiteConfigMsg.profileInvalid],
      [{ companyProfile: `https://a.com/${'x'.repeat(490)}` }, SiteConfigMsg.profileTooLong],
      [{ address: '址'.repeat(101) }, SiteConfigMsg.addressTooLong],
      [{ contact: '010-12345678;13800000000' }, SiteConfigMsg.contactInvalid],
      [{ contact: '010-12345678，,' }, SiteConfigMsg.contactInvalid],
      [{ contact: 'tel 400' }, SiteConfigMsg.contactInvalid],
      [{ email: 'brand@' }, SiteConfigMsg.emailInvalid],
      [{ themeColor: '#12' }, SiteConfigMsg.colorInvalid],
      [{ themeColor: 'green' }, SiteConfigMsg.colorInvalid],
      [{ themeColor: 'rgba(300, 0, 0, 1)' }, SiteConfigMsg.colorInvalid],
    ])('refuses %j with its message on both sides', async (change, message) => {
      for (const side of ['user', 'tenant'] as const) {
        const res = await save(side, { ...VALID, ...change }).expect(400);
        expect(res.body).toMatchObject({ code: 400, message });
      }
      expect(await row(t.demoTenantId, demoCompanyId)).toBeNull();
    });

    it.each([
      ['a PDF named .png', 'logoFile', { content: PDF, name: 'logo.png' }, SiteConfigMsg.imageFormat],
      ['a PNG named .bmp', 'logoFile', { content: LOGO_PNG, name: 'logo.bmp' }, SiteConfigMsg.imageFormat],
      [
        'markup named .gif',
        'backgroundFile',
        { content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), name: 'bg.gif' },
        SiteConfigMsg.imageFormat,
      ],
      ['a logo over 2M', 'logoFile', { content: pngOfSize(2 * MB + 1), name: 'logo.png' }, SiteConfigMsg.logoTooLarge],
      ['a background over 20M', 'backgroundFile', { content: pngOfSize(20 * MB + 1), name: 'bg.png' }, SiteConfigMsg.backgroundTooLarge],
    ])('refuses %s', async (_what, field, file, message) => {
      const res = await save('user', VALID, { [field]: file }).expect(400);
      expect(res.body).toMatchObject({ code: 400, message });
      expect(await row(t.demoTenantId, demoCompanyId)).toBeNull();
    });

    it('takes images exactly at their limits', async () => {
      const res = await save('user', VALID, {
        logoFile: { content: pngOfSize(2 * MB), name: 'logo.PNG' },
        backgroundFile: { content: pngOfSize(20 * MB), name: 'bg.png' },
      }).expect(200);
      expect(res.body.data).toMatchObject({ hasLogo: true, hasBackground: true });
      // The next tests start from a company without its own configuration.
      await t.ds.getRepository(SiteConfigEntity).delete({ tenantId: t.demoTenantId, companyId: demoCompanyId });
      await t.ds.getRepository(OperationLogEntity).delete({ action: '保存网站配置' });
    });
  });

  describe('an organisation administrator', () => {
    it('saves its company own configuration, starting from the inherited images', async () => {
      const tenantBefore = await row(t.demoTenantId, null);
      const res = await save('user', VALID, { logoFile: { content: LOGO_GIF, name: 'logo.gif' } }).expect(200);
      expect(res.body).toMatchObject({
        code: 200,
        message: SiteConfigMsg.saved,
        data: {
          productName: VALID.productName,
          contact: VALID.contact,
          themeColor: 'rgba(12, 166, 120, 1)',
          hasLogo: true,
          hasBackground: true,
        },
      });
      const own = (await row(t.demoTenantId, demoCompanyId))!;
      expect(own.id).toBe(res.body.data.id);
      expect(own.logoKey).toMatch(new RegExp(`^site-config/${t.demoTenantId}/${demoCompanyId}/logo-[0-9a-f-]+\\.gif$`));
      // The tenant's background is copied, not shared.
      expect(own.backgroundKey).toMatch(new RegExp(`^site-config/${t.demoTenantId}/${demoCompanyId}/background-`));
      expect(await row(t.demoTenantId, null)).toEqual(tenantBefore);

      expect((await image('user', 1, { token: tokens.demoadmin }).expect(200)).body).toEqual(LOGO_GIF);
      expect((await image('user', 2, { token: tokens.demoadmin }).expect(200)).body).toEqual(
        (await image('tenant', 2, { token: tokens.channeladmin }).expect(200)).body,
      );
    });

    it('changes what every user of its company sees, and nobody else', async () => {
      expect((await get('user', { token: tokens.demouser }).expect(200)).body.data).toMatchObject({
        productName: VALID.productName,
        themeColor: 'rgba(12, 166, 120, 1)',
      });
      expect((await image('user', 1, { token: tokens.demouser }).expect(200)).body).toEqual(LOGO_GIF);
      const channel = (await get('tenant', { token: tokens.channeladmin }).expect(200)).body.data;
      expect(channel.themeColor).toBe('rgba(28, 126, 214, 1)');
      expect(channel.productName).not.toBe(VALID.productName);
      expect((await get('user', { token: tokens.otheradmin }).expect(200)).body.data.productName).toBe('另一渠道估价系统');
    });

    it('writes an operation-log row with the fields before and after', async () => {
      const [log] = await logRows('保存网站配置');
      expect(log).toMatchObject({
        population: 'user',
        tenantId: t.demoTenantId,
        companyId: demoCompanyId,
        actorLogin: 'demoadmin',
        targetType: 'site_config',
        targetId: String((await row(t.demoTenantId, demoCompanyId))!.id),
      });
      expect(log.changes!.before).toEqual({});
      expect(log.changes!.after).toMatchObject({ productName: VALID.productName, themeColor: 'rgba(12, 166, 120, 1)' });

      await save('user', { ...VALID, themeColor: '#e03131', contact: '' }).expect(200);
      const second = (await logRows('保存网站配置'))[1];
      expect(second.changes).toEqual({
        before: { themeColor: 'rgba(12, 166, 120, 1)', contact: VALID.contact },
        after: { themeColor: 'rgba(224, 49, 49, 1)', contact: null },
      });
      expect(second.detail).toContain('主题颜色');
    });

    it('is what the login page of its completed domain shows', async () => {
      await t
        .http()
        .post('/api/tenant/customer-domain/add')
        .set(auth(tokens.channeladmin))
        .send({ companyId: demoCompanyId, domain: HOST })
        .expect(200);
      expect(await operateCustomerDomain(t.ds, parseDomainCommand(['complete', HOST, '--ip', '10.0.0.8']), OPERATOR)).toMatchObject({
        ok: true,
      });
      expect((await get('user', { host: HOST }).expect(200)).body.data).toMatchObject({
        productName: VALID.productName,
        themeColor: 'rgba(224, 49, 49, 1)',
        hasLogo: true,
      });
      expect((await image('user', 1, { host: HOST }).expect(200)).body).toEqual(LOGO_GIF);

      await save('user', { ...VALID, themeColor: '#7048e8' }, { logoFile: { content: LOGO_PNG, name: 'new-logo.png' } }).expect(200);
      expect((await get('user', { host: `${HOST}:3000` }).expect(200)).body.data.themeColor).toBe('rgba(112, 72, 232, 1)');
      expect((await image('user', 1, { host: HOST }).expect(200)).body).toEqual(LOGO_PNG);
      // Another host still shows the channel's branding.
      expect((await get('user', { host: 'unknown.example.org' }).expect(200)).body.data.themeColor).toBe('rgba(28, 126, 214, 1)');
    });

    it('deletes an image of its own configuration, with a log row', async () => {
      const keyBefore = (await row(t.demoTenantId, demoCompanyId))!.logoKey!;
      const res = await remove('user', 1).expect(200);
      expect(res.body).toMatchObject({ code: 200, message: SiteConfigMsg.imageDeleted, data: { hasLogo: false, hasBackground: true } });
      expect((await row(t.demoTenantId, demoCompanyId))!.logoKey).toBeNull();
      expect(JSON.parse((await image('user', 1, { host: HOST }).expect(404)).body.toString())).toMatchObject({
        message: SiteConfigMsg.noImage,
      });
      const [log] = await logRows('删除网站LOGO图片');
      expect(log.changes).toEqual({ before: { logo: keyBefore.split('/').pop() }, after: { logo: null } });

      expect((await remove('user', 1).expect(404)).body).toMatchObject({ message: SiteConfigMsg.noImage });
      expect((await remove('user', 3).expect(400)).body).toMatchObject({ message: SiteConfigMsg.imageTypeInvalid });
    });
  });

  describe('a channel administrator', () => {
    it('saves the channel configuration, which its staff and companies without their own see', async () => {
      const companyBefore = await row(t.demoTenantId, demoCompanyId);
      const oldBackground = (await row(t.demoTenantId, null))!.backgroundKey;
      const res = await save(
        'tenant',
        { ...VALID, productName: '演示渠道估价平台', themeColor: 'rgba(240, 140, 0, 1)' },
        { backgroundFile: { content: BACKGROUND_JPEG, name: 'bg.jpg' } },
      ).expect(200);
      expect(res.body).toMatchObject({
        message: SiteConfigMsg.saved,
        data: { productName: '演示渠道估价平台', themeColor: 'rgba(240, 140, 0, 1)' },
      });
      const own = (await row(t.demoTenantId, null))!;
      expect(own.backgroundKey).not.toBe(oldBackground);
      expect((await image('tenant', 2, { token: tokens.appraiser1 }).expect(200)).body).toEqual(BACKGROUND_JPEG);
      expect((await get('tenant', { token: tokens.appraiser1 }).expect(200)).body.data.themeColor).toBe('rgba(240, 140, 0, 1)');
      // The channel login page and customers on other hosts follow the channel.
      expect((await get('tenant').expect(200)).body.data.productName).toBe('演示渠道估价平台');
      expect((await get('user', { host: 'unknown.example.org' }).expect(200)).body.data.themeColor).toBe('rgba(240, 140, 0, 1)');
      // The company with its own configuration keeps it; the other channel is untouched.
      expect(await row(t.demoTenantId, demoCompanyId)).toEqual(companyBefore);
      expect((await get('user', { host: HOST }).expect(200)).body.data.themeColor).toBe('rgba(112, 72, 232, 1)');
      expect((await get('tenant', { token: tokens.otherchannel }).expect(200)).body.data.themeColor).toBe('rgba(28, 126, 214, 1)');

      const [log] = await logRows('保存网站配置').then((rows) => rows.filter((r) => r.population === 'tenant'));
      expect(log).toMatchObject({ tenantId: t.demoTenantId, companyId: null, actorLogin: 'channeladmin', targetId: String(own.id) });
      expect(log.changes!.before).toMatchObject({ themeColor: 'rgba(28, 126, 214, 1)' });
      expect(log.changes!.after).toMatchObject({ themeColor: 'rgba(240, 140, 0, 1)', productName: '演示渠道估价平台' });
    });

    it('deletes the channel logo through the query type', async () => {
      expect((await remove('tenant', 1).expect(200)).body.data).toMatchObject({ hasLogo: false });
      expect((await row(t.demoTenantId, null))!.logoKey).toBeNull();
      expect(await logRows('删除网站LOGO图片')).toHaveLength(2);
      expect((await remove('tenant', 1).expect(404)).body.message).toBe(SiteConfigMsg.noImage);
    });
  });
});
