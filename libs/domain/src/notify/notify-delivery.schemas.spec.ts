import { NotifyDeliveryMsg, notifyDeliveryListQuerySchema, notifyErrorText, notifyResendSchema } from './notify-delivery.schemas';

describe('delivery log input', () => {
  it('takes the filters, dropping blank and "all" ones', () => {
    expect(
      notifyDeliveryListQuerySchema.parse({ kind: 'revaluation.finished', status: 'all', channel: '', beginDate: '2026/11/01' }),
    ).toEqual({
      kind: 'revaluation.finished',
      status: undefined,
      channel: undefined,
      beginDate: '2026/11/01',
      endDate: undefined,
      pageIndex: 1,
      pageSize: 10,
    });
  });

  it('refuses unknown kinds, statuses and bad ids with the Chinese messages', () => {
    expect(notifyDeliveryListQuerySchema.safeParse({ status: 'lost' }).error?.issues[0].message).toBe(NotifyDeliveryMsg.statusInvalid);
    expect(notifyDeliveryListQuerySchema.safeParse({ kind: 'x' }).error?.issues[0].message).toBe(NotifyDeliveryMsg.kindInvalid);
    expect(notifyResendSchema.safeParse({ id: 'abc' }).error?.issues[0].message).toBe(NotifyDeliveryMsg.notFound);
    expect(notifyResendSchema.parse({ id: '12' })).toEqual({ id: 12 });
  });
});

describe('delivery errors in Chinese', () => {
  it('words the technical reasons', () => {
    expect(notifyErrorText('webhook answered HTTP 502')).toBe('回调地址应答 HTTP 502');
    expect(notifyErrorText('getaddrinfo ENOTFOUND hooks.example.com')).toBe('回调地址的域名无法解析');
    expect(notifyErrorText('connect ECONNREFUSED 10.0.0.1:443')).toBe('回调地址拒绝连接');
    expect(notifyErrorText('127.0.0.1 is a private address')).toBe('回调地址是本机或内网地址，不予投递');
    expect(notifyErrorText('no complete answer within 5000 ms')).toBe('回调地址在5秒内没有完整应答');
    expect(notifyErrorText('回调地址已删除')).toBe('回调地址已删除');
    expect(notifyErrorText('boom')).toBe('投递失败：boom');
    expect(notifyErrorText(null)).toBeNull();
  });
});
