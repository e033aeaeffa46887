import {
  checkDomainApplyForm,
  checkDomainEditForm,
  CUSTOMER_DOMAIN_STATE_LABELS,
  customerDomainApplySchema,
  customerDomainCompleteSchema,
  customerDomainDeleteSchema,
  customerDomainEditSchema,
  customerDomainFailSchema,
  customerDomainFailureMessage,
  customerDomainListQuerySchema,
  CustomerDomainMsg,
  domainChanged,
  isDuplicateDomain,
  normaliseDomain,
} from './customer-domain.rules';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error?.issues[0].message;

describe('domain names', () => {
  it.each([
    ['val.example.com', 'val.example.com'],
    [' Val.Example.COM ', 'val.example.com'],
    ['https://val.example.com/', 'val.example.com'],
    ['http://pg-bank.com.cn', 'pg-bank.com.cn'],
    ['val.example.com.', 'val.example.com'],
    ['估价.中国', 'xn--6nq3e.xn--fiqs8s'],
    ['a1.xn--fiqs8s', 'a1.xn--fiqs8s'],
    [`${'abcdefghi.'.repeat(25)}com`, `${'abcdefghi.'.repeat(25)}com`],
  ])('normalises %s to %s', (input, expected) => {
    expect(normaliseDomain(input)).toBe(expected);
  });

  it.each([
    'localhost',
    'example',
    'example.com:8080',
    'example.com/path',
    'https://example.com/valuation',
    'ftp://example.com',
    'example.com?x=1',
    'user@example.com',
    '192.168.1.10',
    '-bad.example.com',
    'bad-.example.com',
    'a..example.com',
    'under_score.example.com',
    'exa mple.com',
    `${'a'.repeat(64)}.com`,
    `${'abcdefghi.'.repeat(25)}comx`,
    '',
  ])('refuses %s', (input) => {
    expect(normaliseDomain(input)).toBeNull();
  });

  it('tells whether a domain changed, ignoring case, scheme and a trailing slash', () => {
    expect(domainChanged('val.example.com', 'HTTPS://VAL.example.com/')).toBe(false);
    expect(domainChanged('val.example.com', 'val2.example.com')).toBe(true);
    expect(domainChanged(null, 'val.example.com')).toBe(true);
    expect(domainChanged('', '  ')).toBe(false);
    expect(domainChanged('val.example.com', 'val.example.com:80')).toBe(true);
  });

  it('finds a domain applied for already', () => {
    expect(isDuplicateDomain('Val.Example.com', ['other.com', 'val.example.com'])).toBe(true);
    expect(isDuplicateDomain('val.example.com', ['other.com'])).toBe(false);
    expect(isDuplicateDomain('not a domain', ['not a domain'])).toBe(false);
  });
});

describe('domain application schemas', () => {
  it('applies with a company and a normalised domain', () => {
    expect(customerDomainApplySchema.parse({ companyId: '12', domain: ' https://Val.Example.com ' })).toEqual({
      companyId: 12,
      domain: 'val.example.com',
    });
  });

  it('gives the spec messages in the order of the form', () => {
    expect(firstMessage(customerDomainApplySchema.safeParse({ companyId: '', domain: 'val.example.com' }))).toBe('请选择对应的客户公司');
    expect(firstMessage(customerDomainApplySchema.safeParse({ companyId: 0, domain: 'val.example.com' }))).toBe('请选择对应的客户公司');
    expect(firstMessage(customerDomainApplySchema.safeParse({ companyId: 12, domain: '  ' }))).toBe('请填写估价网站域名');
    expect(firstMessage(customerDomainApplySchema.safeParse({ companyId: 12 }))).toBe('请填写估价网站域名');
    expect(firstMessage(customerDomainApplySchema.safeParse({ companyId: 12, domain: 'example.com:8080' }))).toBe('域名格式填写错误');
  });

  it('edits by id, the company optional', () => {
    expect(customerDomainEditSchema.parse({ id: '3', domain: 'NEW.example.com' })).toEqual({ id: 3, domain: 'new.example.com' });
    expect(customerDomainEditSchema.parse({ id: 3, companyId: 12, domain: 'new.example.com' }).companyId).toBe(12);
    expect(firstMessage(customerDomainEditSchema.safeParse({ id: 'x', domain: 'new.example.com' }))).toBe(CustomerDomainMsg.notFound);
    expect(firstMessage(customerDomainEditSchema.safeParse({ id: 3, domain: '' }))).toBe('请填写估价网站域名');
    expect(customerDomainDeleteSchema.safeParse({ id: '3' }).success).toBe(true);
    expect(customerDomainEditSchema.parse({ id: 3, domain: 'new.example.com', version: '4' }).version).toBe(4);
    expect(customerDomainEditSchema.parse({ id: 3, domain: 'new.example.com', version: '' }).version).toBeUndefined();
  });

  it('reads the operator answers', () => {
    expect(customerDomainCompleteSchema.parse({ id: 3, serverIp: ' 10.0.0.8 ' })).toEqual({ id: 3, serverIp: '10.0.0.8' });
    expect(customerDomainCompleteSchema.parse({ id: 3, serverIp: '' }).serverIp).toBeUndefined();
    expect(firstMessage(customerDomainCompleteSchema.safeParse({ id: 3, serverIp: '10.0.0.256' }))).toBe(CustomerDomainMsg.serverIpInvalid);
    expect(customerDomainFailSchema.parse({ id: 3, reason: ' 未备案 ' })).toEqual({ id: 3, reason: '未备案' });
    expect(firstMessage(customerDomainFailSchema.safeParse({ id: 3, reason: ' ' }))).toBe(CustomerDomainMsg.failReasonRequired);
    expect(firstMessage(customerDomainFailSchema.safeParse({ id: 3, reason: '字'.repeat(201) }))).toBe(CustomerDomainMsg.failReasonTooLong);
  });

  it('pages the list with the usual sizes', () => {
    expect(customerDomainListQuerySchema.parse({})).toEqual({ pageIndex: 1, pageSize: 10 });
    expect(customerDomainListQuerySchema.safeParse({ pageSize: 20 }).success).toBe(false);
  });
});

describe('domain forms and messages', () => {
  it('checks the apply modal', () => {
    expect(checkDomainApplyForm({ companyId: null, domain: '' })).toEqual({ ok: false, message: '请选择对应的客户公司' });
    expect(checkDomainApplyForm({ companyId: 12, domain: '' })).toEqual({ ok: false, message: '请填写估价网站域名' });
    expect(checkDomainApplyForm({ companyId: 12, domain: 'example' })).toEqual({ ok: false, message: '域名格式填写错误' });
    expect(checkDomainApplyForm({ companyId: 12, domain: 'Val.Example.com' })).toEqual({ ok: true, domain: 'val.example.com' });
  });

  it('checks the edit modal: only a changed domain is sent', () => {
    expect(checkDomainEditForm('val.example.com', { domain: 'VAL.example.com' })).toEqual({
      ok: false,
      message: '未修改任何域名信息，请误重复申请',
    });
    expect(checkDomainEditForm('val.example.com', { domain: '' })).toEqual({ ok: false, message: '请填写估价网站域名' });
    expect(checkDomainEditForm('val.example.com', { domain: 'new.example.com' })).toEqual({ ok: true, domain: 'new.example.com' });
  });

  it('maps a failed add or edit to the spec message', () => {
    expect(customerDomainFailureMessage(403)).toBe('同一域名只可申请一次');
    expect(customerDomainFailureMessage('403')).toBe('同一域名只可申请一次');
    expect(customerDomainFailureMessage(409)).toBe('该域名申请已被他人更新，请刷新后重试');
    expect(customerDomainFailureMessage(500)).toBe('系统异常，请联系您的客户经理');
  });

  it('labels the states', () => {
    expect(CUSTOMER_DOMAIN_STATE_LABELS).toEqual({ 1: '处理中', 2: '已完成', 3: '申请失败' });
  });
});
