import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CustomerCompanyView } from '@valuation/contracts';
import { CustomerCompanyMsg, Perm } from '@valuation/domain';
import Cookies from 'js-cookie';
import { CHANNEL_ROUTES } from '../../../app/routing/channel-routes';
import { registerRoutes } from '../../../app/routing/route-registry';
import { answerApi, renderPage } from '../../../app/testing/page-harness';
import { CUSTOMER_COMPANY_URL } from '../api/customer-company-api';
import { CustomerCompanyPage } from './CustomerCompanyPage';

const perm = (id: number) => ({ id, name: String(id), parentId: 0, level: 1, sort: 1, code: `${id}:visible`, url: '' });

const company = (patch: Partial<CustomerCompanyView>): CustomerCompanyView => ({
  id: 0,
  name: '',
  categoryId: null,
  categoryName: '',
  provinceCode: '',
  provinceName: '',
  cityCode: '',
  cityName: '',
  address: '',
  socialCode: '',
  contact: '',
  contactName: '',
  contactNumber: '',
  email: '',
  fax: '',
  department: '',
  position: '',
  hasLicense: false,
  licenseName: '',
  revalCharge: false,
  accountCount: 0,
  createTime: '2026-11-01 09:00:00',
  ...patch,
});

const CHARGED = company({ id: 3, name: '北京示范银行', revalCharge: true });
const FREE = company({ id: 4, name: '华东示范银行' });

beforeAll(() => registerRoutes('channel', CHANNEL_ROUTES));
beforeEach(() => Cookies.set('cUserToken', 'channel-session-token'));
afterEach(() => Cookies.remove('cUserToken'));

function answers() {
  return answerApi({
    '/api/tenant/auth/user/t/login-user/perms': {
      data: [Perm.customerCompany, Perm.customerCompanyAdd, Perm.customerCompanyEdit].map(perm),
    },
    '/api/region/tree': { data: [] },
    '/api/tenant/customer-category/list': { data: [] },
    [CUSTOMER_COMPANY_URL.page]: { data: { list: [CHARGED, FREE], pages: 1, pageNum: 1, total: 2 } },
    [CUSTOMER_COMPANY_URL.add]: { data: company({ id: 5, name: '苏州示范银行', revalCharge: true }) },
    [CUSTOMER_COMPANY_URL.update]: { data: { ...CHARGED, revalCharge: false } },
  });
}

describe('the channel customer companies: 押品重估计费', () => {
  it('shows the setting of each company in the list', async () => {
    answers();
    renderPage(<CustomerCompanyPage />, { url: '/channel/customerCompany' });
    const table = await screen.findByRole('table', { name: '客户公司' });
    const charged = (await within(table).findByText('北京示范银行')).closest('tr')!;
    const free = within(table).getByText('华东示范银行').closest('tr')!;
    expect(within(charged).getByText('按估价次数计费')).toBeTruthy();
    expect(within(free).getByText('不计费')).toBeTruthy();
  });

  it('edits the setting with the radio of the form and sends it', async () => {
    const sent = answers();
    renderPage(<CustomerCompanyPage />, { url: '/channel/customerCompany' });
    const table = await screen.findByRole('table', { name: '客户公司' });
    const row = (await within(table).findByText('北京示范银行')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '编辑' }));
    const drawer = await screen.findByRole('dialog', { name: '编辑客户公司' });
    const group = within(drawer).getByRole('radiogroup', { name: '押品重估计费' });
    expect(within(group).getByRole('radio', { name: '按估价次数计费（每项重估扣 1 次估价次数）' })).toHaveProperty('checked', true);
    fireEvent.click(within(group).getByRole('radio', { name: '不计费' }));
    fireEvent.click(within(drawer).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(sent.find((c) => c.path === CUSTOMER_COMPANY_URL.update)).toBeDefined());
    expect(sent.find((c) => c.path === CUSTOMER_COMPANY_URL.update)?.body).toMatchObject({
      id: '3',
      name: '北京示范银行',
      revalCharge: 'false',
    });
    expect(await screen.findByText(CustomerCompanyMsg.edited)).toBeTruthy();
  });

  it('adds a company uncharged unless the channel chooses to charge it', async () => {
    const sent = answers();
    renderPage(<CustomerCompanyPage />, { url: '/channel/customerCompany' });
    fireEvent.click(await screen.findByRole('button', { name: '新增客户公司' }));
    const drawer = await screen.findByRole('dialog', { name: '新增客户公司' });
    expect(within(drawer).getByRole('radio', { name: '不计费' })).toHaveProperty('checked', true);
    fireEvent.change(within(drawer).getByRole('textbox', { name: '公司名称' }), { target: { value: '苏州示范银行' } });
    fireEvent.click(within(drawer).getByRole('radio', { name: '按估价次数计费（每项重估扣 1 次估价次数）' }));
    fireEvent.click(within(drawer).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(sent.find((c) => c.path === CUSTOMER_COMPANY_URL.add)).toBeDefined());
    expect(sent.find((c) => c.path === CUSTOMER_COMPANY_URL.add)?.body).toMatchObject({ name: '苏州示范银行', revalCharge: 'true' });
  });
});
