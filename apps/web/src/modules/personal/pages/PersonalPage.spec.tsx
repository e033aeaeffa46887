import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { LoginUser, OrderRow } from '@valuation/contracts';
import Cookies from 'js-cookie';
import { answerApi, renderPage, type SentCall } from '../../../app/testing/page-harness';
import { PersonalPage } from './PersonalPage';

const USER: LoginUser = {
  id: 31,
  loginUser: 'demouser',
  userName: '张三',
  organizationName: '朝阳支行',
  organizationId: 2,
  parentOrgName: '示范银行',
  email: 'demo@example.com',
  mobilePhone: '13800000000',
  userType: 2,
  expireDate: null,
  lastLoginTime: null,
  tenantId: 1,
};

const ORDER: OrderRow = {
  orderNo: 'FP202503310001',
  orderTime: '2025-03-31 10:00:00',
  productName: '估价次数',
  buyModeName: '个人赠送',
  buyScope: '',
  evalCount: 20,
  reportCount: 0,
  effectiveDate: '2025-03-31',
  expireDate: '2026-03-30',
  state: 1,
};

beforeEach(() => Cookies.set('userToken', 'user-session-token'));
afterEach(() => Cookies.remove('userToken'));

function openPage(userType: number) {
  const sent = answerApi({
    '/api/auth/user/login-user': { data: { ...USER, userType } },
    '/api/auth/user/statistics': { data: { rapidTotal: 1, advisoryTotal: 0, inquiryTotal: 0, batchTotal: 0 } },
    '/api/auth/user/login-user/balance': {
      data: { cityCount: 0, annuallyCount: 0, universalCount: 17, advisoryCount: 0, inquiryCount: 2, buyScope: '' },
    },
    '/api/auth/user/login-user/orders': { data: { list: [ORDER], pages: 1, pageNum: 1, total: 1 } },
  });
  renderPage(<PersonalPage />, { url: '/org/personal' });
  return sent;
}

const orderCalls = (sent: SentCall[]) => sent.filter((c) => c.path === '/api/auth/user/login-user/orders');

describe('the personal centre', () => {
  it('shows a personal account its orders, 20 a page at first, and offers 20, 50, 100 or 200', async () => {
    const sent = openPage(2);
    expect(await screen.findByText('FP202503310001')).toBeTruthy();
    expect(screen.getByText('已生效')).toBeTruthy();
    expect(orderCalls(sent)[0].query.get('pageSize')).toBe('20');
    expect(orderCalls(sent)[0].query.get('pageIndex')).toBe('1');

    const size = screen.getByRole('textbox', { name: '每页条数' }) as HTMLInputElement;
    expect(size.value).toBe('20 条/页');
    fireEvent.click(size);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['20 条/页', '50 条/页', '100 条/页', '200 条/页']);
    fireEvent.click(options[1]);
    await waitFor(() => expect(orderCalls(sent).at(-1)?.query.get('pageSize')).toBe('50'));
    expect(orderCalls(sent).at(-1)?.query.get('pageIndex')).toBe('1');
  });

  it('shows an enterprise account its remaining quota but no order list, and never asks for orders', async () => {
    const sent = openPage(1);
    expect(await screen.findByText('剩余额度')).toBeTruthy();
    expect(await screen.findByText('17')).toBeTruthy();
    await screen.findByText('企业');
    expect(screen.queryByText('订单记录')).toBeNull();
    expect(orderCalls(sent)).toHaveLength(0);
    expect(screen.queryByRole('table')).toBeNull();
  });
});
