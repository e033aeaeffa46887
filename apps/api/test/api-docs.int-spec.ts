import { Msg } from '@valuation/domain';
import { startTestApi, type TestApi } from './test-api';

describe('the API description with API_DOCS=false (the production default)', () => {
  let t: TestApi;

  beforeAll(async () => {
    t = await startTestApi({ API_DOCS: 'false' });
  }, 120_000);
  afterAll(() => t.close());

  it.each(['/api/docs', '/api/docs/', '/api/docs-json'])('%s is not found, answered with the envelope', async (path) => {
    const res = await t.http().get(path).expect(404);
    expect(res.body).toEqual({ code: 404, message: Msg.notFound, data: null });
  });
});
