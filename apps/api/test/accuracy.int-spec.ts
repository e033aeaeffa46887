import { publishedAccuracySchema } from '@valuation/contracts';
import { PUBLISHED_ACCURACY } from '@valuation/valuation';
import { startTestApi, type TestApi } from './test-api';

type Json = Record<string, unknown>;

describe('published accuracy (GET api/accuracy)', () => {
  let t: TestApi;

  beforeAll(async () => {
    t = await startTestApi();
  }, 120_000);
  afterAll(() => t.close());

  it('answers the published figures without a login, in the envelope', async () => {
    const res = await t.http().get('/api/accuracy').expect(200);
    expect(res.body).toMatchObject({ code: 200, message: expect.any(String) });
    expect(res.body.data).toEqual(PUBLISHED_ACCURACY);
    expect(publishedAccuracySchema.parse(res.body.data)).toEqual(PUBLISHED_ACCURACY);
    const full = (res.body.data as typeof PUBLISHED_ACCURACY).dataSets.find((d) => d.label === 'full');
    expect(full?.groups.map((g) => g.cls)).toEqual([null, 'A', 'B', 'C']);
  });

  it('answers the same to a logged-in caller of either population', async () => {
    for (const [pop, name] of [
      ['user', 'demouser'],
      ['tenant', 'channeladmin'],
    ] as const) {
      const token = await t.login(pop, name);
      const res = await t.http().get('/api/accuracy').set('Authorization', `Bearer ${token}`).expect(200);
      expect(res.body.data).toEqual(PUBLISHED_ACCURACY);
    }
  });

  it('is described in the API document as public, with its answer', async () => {
    const doc = (await t.http().get('/api/docs-json').expect(200)).body as {
      paths: Record<string, Record<string, Json>>;
      components: { schemas: Record<string, Json> };
    };
    const op = doc.paths['/api/accuracy']?.get;
    expect(op).toBeDefined();
    expect(op['x-permission']).toEqual({ kind: 'public' });
    expect(op.security).toEqual([]);
    expect(JSON.stringify(op.responses)).toContain('PublishedAccuracy');
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['PublishedAccuracy', 'AccuracyFigures']));
  });
});
