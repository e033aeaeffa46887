import { clientSourceOf, statItemsQuerySchema, statSummaryQuerySchema, StatMsg, subMethodsOf } from './statistics.rules';

describe('statistics rules', () => {
  it('reads the client from the X-Client-Source header, PC by default', () => {
    expect([undefined, '', 'pc', '1', 'app', '2', 'WeChat', '3', 'tv', ['app']].map((h) => clientSourceOf(h))).toEqual([
      1, 1, 1, 1, 2, 2, 3, 3, 1, 2,
    ]);
  });

  it('asks for at least one organisation', () => {
    const res = statSummaryQuerySchema.safeParse({ organizationIds: '' });
    expect(res.success ? null : res.error.issues[0].message).toBe(StatMsg.organizationRequired);
    expect(statSummaryQuerySchema.parse({ organizationIds: '3,4', source: '0' })).toMatchObject({
      organizationIds: [3, 4],
      statMethod: 1,
      source: undefined,
      pageSize: 20,
    });
  });

  it('lets a sub-method above 20 select method 2, and reads every sub-method of the method for sub-method 0', () => {
    const q = statItemsQuerySchema.parse({ organizationIds: '3', statMethod: '1', statSubMethod: '22' });
    expect([q.statMethod, q.pageSize, subMethodsOf(q)]).toEqual([2, 10, [22]]);
    expect(subMethodsOf(statItemsQuerySchema.parse({ organizationIds: '3', statMethod: '2', statSubMethod: '0' }))).toEqual([21, 22]);
    expect(subMethodsOf(statItemsQuerySchema.parse({ organizationIds: '3' }))).toEqual([11, 12, 13, 14]);
    expect(statItemsQuerySchema.safeParse({ organizationIds: '3', statSubMethod: '15' }).success).toBe(false);
  });
});
