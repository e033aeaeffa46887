import type { CustomerDomainView } from '@valuation/contracts';
import { customerDomainApplySchema, customerDomainEditSchema, validate } from '@valuation/domain';
import { ApiError } from '../../../app/api/api-error';
import { domainActionFailure, domainRequest, initialDomainForm, unchangedDomainError } from './domain-form';

const row: CustomerDomainView = {
  id: 7,
  companyId: 12,
  companyName: '北京示范银行',
  categoryName: '',
  domain: 'val.bank.com',
  serverIp: null,
  state: 3,
  failReason: '域名未备案',
  updateTime: '2026-01-02 10:00:00',
  version: 2,
};

describe('the domain dialogs', () => {
  it('start empty for an application and with the stored values for an edit', () => {
    expect(initialDomainForm({ kind: 'apply' })).toEqual({ companyId: null, domain: '' });
    expect(initialDomainForm({ kind: 'edit', row })).toEqual({ companyId: '12', domain: 'val.bank.com' });
  });

  it('check an application with the server schema: every broken rule, in the form order', () => {
    const apply = { kind: 'apply' } as const;
    const empty = validate(customerDomainApplySchema, domainRequest(apply, { companyId: null, domain: ' ' }));
    expect(empty.ok ? {} : empty.errors).toEqual({ companyId: '请选择对应的客户公司', domain: '请填写估价网站域名' });
    const bad = validate(customerDomainApplySchema, domainRequest(apply, { companyId: '12', domain: 'bank.com/val' }));
    expect(bad.ok ? {} : bad.errors).toEqual({ domain: '域名格式填写错误' });
    expect(validate(customerDomainApplySchema, domainRequest(apply, { companyId: '12', domain: 'HTTPS://Val.Bank.com/' }))).toEqual({
      ok: true,
      value: { companyId: 12, domain: 'val.bank.com' },
    });
  });

  it('send an edit only when the domain changed, keeping the company', () => {
    const edit = { kind: 'edit', row } as const;
    expect(unchangedDomainError(edit, { companyId: '12', domain: 'VAL.bank.com' })).toEqual({ domain: '未修改任何域名信息，请误重复申请' });
    expect(unchangedDomainError(edit, { companyId: '12', domain: 'new.bank.com' })).toEqual({});
    expect(validate(customerDomainEditSchema, domainRequest(edit, { companyId: '99', domain: 'new.bank.com' }))).toMatchObject({
      ok: true,
      value: { id: 7, companyId: 12, domain: 'new.bank.com', version: 2 },
    });
  });

  it('show 403 as a duplicate and every other failure as a system error', () => {
    expect(domainActionFailure(new ApiError('response', 403, 'x'))).toBe('同一域名只可申请一次');
    expect(domainActionFailure(new ApiError('response', 400, 'x'))).toBe('系统异常，请联系您的客户经理');
    expect(domainActionFailure(new Error('boom'))).toBe('系统异常，请联系您的客户经理');
    expect(domainActionFailure(new ApiError('network', 0, '网络错误，请刷新重试！'))).toBeNull();
  });
});
