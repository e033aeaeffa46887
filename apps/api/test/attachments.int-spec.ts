import { CaseFileMsg } from '@valuation/domain';
import { startTestApi, type TestApi } from './test-api';

const le = (n: number, bytes: number) => Array.from({ length: bytes }, (_, i) => Math.floor(n / 256 ** i) % 256);

/** A 2 x 2 BMP at 24 bits: file header, BITMAPINFOHEADER, four pixels in two padded rows. */
const BMP = Buffer.from([
  ...Buffer.from('BM'),
  ...le(70, 4),
  ...le(0, 4),
  ...le(54, 4),
  ...le(40, 4),
  ...le(2, 4),
  ...le(2, 4),
  ...le(1, 2),
  ...le(24, 2),
  ...le(0, 4),
  ...le(16, 4),
  ...Array(16).fill(0),
  ...[0, 0, 255, 255, 255, 255, 0, 0],
  ...[255, 0, 0, 0, 255, 0, 0, 0],
]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

const binary = (res: NodeJS.ReadableStream, done: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

describe('attachments are checked by content and served as downloads of their checked type', () => {
  let t: TestApi;
  let user: string;
  let appraiser: string;

  const house = {
    evalType: '1',
    reason: '1',
    'houseInfo.cityCode': '110100',
    'houseInfo.cityName': '北京',
    'houseInfo.haInfo.haName': '未收录花园',
    'houseInfo.cardAddress': '北京市朝阳区团结湖路385号',
    'houseInfo.bldgArea': '89.5',
    'houseInfo.floor': '6',
    'houseInfo.bheight': '18',
  };

  const file = (name: string, content: Buffer) => {
    const req = t.http().post('/api/artificial/add').set('Authorization', `Bearer ${user}`);
    for (const [k, v] of Object.entries(house)) req.field(k, v);
    return req.attach('files', content, name);
  };

  beforeAll(async () => {
    t = await startTestApi();
    user = await t.login('user', 'demouser');
    appraiser = await t.login('tenant', 'appraiser1');
  }, 120_000);
  afterAll(() => t?.close());

  it('refuses an HTML page starting with "BM" named .bmp, and markup behind any image or archive signature', async () => {
    const hostile: [string, Buffer][] = [
      ['照片.bmp', Buffer.from('BM<html><body><script>alert(document.cookie)</script></body></html>')],
      ['照片.png', Buffer.concat([PNG, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')])],
      ['照片.gif', Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0]), Buffer.from('<script>alert(1)</script>', 'utf16le')])],
      ['材料.zip', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(26), Buffer.from('<!DOCTYPE html><p>')])],
      ['照片.webp', Buffer.from('RIFF\x40\x00\x00\x00WEBP<iframe src=//evil>', 'latin1')],
    ];
    for (const [name, content] of hostile) {
      const res = await file(name, content);
      expect({ name, status: res.status, body: res.body }).toEqual({
        name,
        status: 400,
        body: { code: 400, message: CaseFileMsg.badType, data: null },
      });
    }
    expect(Number((await t.ds.query(`SELECT count(*) AS n FROM appraisal_case`))[0].n)).toBe(0);
  });

  it('serves a checked BMP as an attachment of type image/bmp, not to be sniffed', async () => {
    const added = await file('户型图.bmp', BMP);
    expect(added.body).toMatchObject({ code: 200, data: { state: 1 } });
    const id = added.body.data.id as number;
    const res = await t
      .http()
      .get(`/api/artificial/file?id=${id}&index=0`)
      .set('Authorization', `Bearer ${user}`)
      .buffer(true)
      .parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/bmp');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="___.bmp"; filename*=UTF-8''${encodeURIComponent('户型图.bmp')}`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(res.body as Buffer, BMP)).toBe(0);
  });

  it('serves a stored attachment whose recorded type is not a checked one as application/octet-stream, on every route', async () => {
    const added = await file('旧附件.png', Buffer.concat([PNG, Buffer.alloc(32)]));
    const id = added.body.data.id as number;
    // As a record kept from before the checks: the type it was stored with says HTML.
    await t.ds.query(`UPDATE appraisal_case SET files = jsonb_set(files, '{0,type}', '"text/html"') WHERE id = $1`, [id]);
    for (const [path, token] of [
      [`/api/artificial/file?id=${id}&index=0`, user],
      [`/api/tenant/appraisal/file?id=${id}&index=0`, appraiser],
    ]) {
      const res = await t.http().get(path).set('Authorization', `Bearer ${token}`).buffer(true).parse(binary);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});
