import type { CustomerDomainView } from '@valuation/contracts';
import { ApiError } from '../../../app/api/api-error';
import { checkDomainForm, domainActionFailure, initialDomainForm } from './domain-form';

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

describe('the domain modals', () => {
  it('start empty for an application and with the stored values for an edit', () => {
    expect(initialDomainForm({ kind: 'apply' })).toEqual({ companyId: null, domain: '' });
    expect(initialDomainForm({ kind: 'edit', row })).toEqual({ companyId: '12', domain: 'val.bank.com' });
  });

  it('check an application in the order of the form, on the field concerned', () => {
    const apply = { kind: 'apply' } as const;
    expect(checkDomainForm(apply, { companyId: null, domain: 'x' })).toEqual({
      ok: false,
      field: 'companyId',
      message: '请选择对应的客户公司',
    });
    expect(checkDomainForm(apply, { companyId: '12', domain: ' ' })).toEqual({ ok: false, field: 'domain', message: '请填写估价网站域名' });
    expect(checkDomainForm(apply, { companyId: '12', domain: 'bank.com/val' })).toEqual({
      ok: false,
      field: 'domain',
      message: '域名格式填写错误',
    });
    expect(checkDomainForm(apply, { companyId: '12', domain: 'HTTPS://Val.Bank.com/' })).toEqual({
      ok: true,
      body: { companyId: 12, domain: 'val.bank.com' },
    });
  });

  it('send an edit only when the domain changed, keeping the company', () => {
    const edit = { kind: 'edit', row } as const;
    expect(checkDomainForm(edit, { companyId: '12', domain: 'VAL.bank.com' })).toEqual({
      ok: false,
      field: 'domain',
      message: '未修改任何域名信息，请误重复申请',
    });
    expect(checkDomainForm(edit, { companyId: '99', domain: 'new.bank.com' })).toEqual({
      ok: true,
      body: { companyId: 12, domain: 'new.bank.com' },
    });
  });

  it('show 403 as a duplicate and every other failure as a system error', () => {
    expect(domainActionFailure(new ApiError('response', 403, 'x'))).toBe('同一域名只可申请一次');
    expect(domainActionFailure(new ApiError('response', 400, 'x'))).toBe('系统异常，请联系您的客户经理');
    expect(domainActionFailure(new Error('boom'))).toBe('系统异常，请联系您的客户经理');
    expect(domainActionFailure(new ApiError('network', 0, '网络错误，请刷新重试！'))).toBeNull();
  });
});
