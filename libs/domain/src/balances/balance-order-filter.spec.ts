import { balanceOrderListQuerySchema } from './balance.schemas';

const parse = (query: Record<string, string>) => balanceOrderListQuerySchema.safeParse({ pageIndex: '1', pageSize: '20', ...query });

describe('order and balance detail filters', () => {
  it('take 0 as the state 待生效, and blank or all as every state', () => {
    expect(parse({ state: '0' }).data?.state).toBe(0);
    expect(parse({ state: '2' }).data?.state).toBe(2);
    expect(parse({ state: 'all' }).data?.state).toBeUndefined();
    expect(parse({ state: '' }).data?.state).toBeUndefined();
    expect(parse({}).data?.state).toBeUndefined();
  });

  it('refuse a state that does not exist', () => {
    const parsed = parse({ state: '3' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].message).toBe('订单状态不正确');
  });

  it('still take 0 as every source and every account type', () => {
    expect(parse({ from: '0', type: '0' }).data).toMatchObject({ from: undefined, type: undefined });
    expect(parse({ from: '2', type: '1' }).data).toMatchObject({ from: 2, type: 1 });
  });
});
