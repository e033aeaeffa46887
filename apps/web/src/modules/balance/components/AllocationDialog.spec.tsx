import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { KitProvider } from '@valuation/ui';
import Cookies from 'js-cookie';
import { MemoryRouter } from 'react-router-dom';
import { AllocationDialog } from './AllocationDialog';

const TARGET = { id: 41, loginUser: 'xinghe01', userName: '王敏', companyId: 7, companyName: '星河置业' };

const PRODUCTS = [
  { productCode: '000001', productName: '估价次数' },
  { productCode: '000002', productName: '咨询报告' },
  { productCode: '000003', productName: '询价报告' },
];
const PRICES = [
  { buyMode: 2, unit: 100, price: '0.00' },
  { buyMode: 3, unit: 500, price: '0.00' },
  { buyMode: 4, unit: 50, price: '0.00' },
  { buyMode: 5, unit: 10, price: '8.00' },
];
const REGIONS = [
  {
    regionCode: '440000',
    regionName: '广东省',
    items: [
      { regionCode: '440100', regionName: '广州市', items: [] },
      { regionCode: '440300', regionName: '深圳市', items: [] },
    ],
  },
  { regionCode: '110000', regionName: '北京市', items: [{ regionCode: '110100', regionName: '北京市', items: [] }] },
];

interface Sent {
  method: string;
  path: string;
  body: string;
  authorization?: string;
}

/** The API as the dialog reads it; the order is answered with `orderAnswer`. */
function stubApi(orderAnswer: { code: number; message: string } = { code: 200, message: '分配余额成功' }): Sent[] {
  const sent: Sent[] = [];
  const answers: Record<string, unknown> = {
    '/api/product/list': PRODUCTS,
    '/api/tenant/price/list': PRICES,
    '/api/region/tree': REGIONS,
  };
  const fetchStub = async (url: string, init: RequestInit) => {
    const path = url.split('?')[0];
    const headers = (init.headers ?? {}) as Record<string, string>;
    sent.push({ method: init.method ?? 'GET', path, body: String(init.body ?? ''), authorization: headers.Authorization });
    const envelope =
      path === '/api/tenant/customer-balance/order'
        ? { ...orderAnswer, data: null }
        : { code: 200, message: 'success', data: answers[path] };
    return { ok: envelope.code === 200, status: envelope.code, headers: { get: () => null }, json: async () => envelope };
  };
  Object.assign(window, { fetch: fetchStub });
  return sent;
}

function renderDialog(onClose = jest.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <MantineProvider env="test">
        <KitProvider>
          <QueryClientProvider client={client}>
            <AllocationDialog target={TARGET} onClose={onClose} />
          </QueryClientProvider>
        </KitProvider>
      </MantineProvider>
    </MemoryRouter>,
  );
  return { onClose, client };
}

const dialog = () => screen.getByRole('dialog', { name: '分配余额' });
const field = (name: string) => within(dialog()).getByRole('textbox', { name });

/** Opens a select of the dialog and picks an option (the options are loaded from the API). */
async function choose(name: string, option: string) {
  fireEvent.click(field(name));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });

async function save() {
  await act(async () => {
    fireEvent.click(within(dialog()).getByRole('button', { name: '保存' }));
  });
}

/** The broken rule shown on its field (and in the summary above the fields). */
const shownError = () => within(dialog()).getByRole('alert', { name: '请修改以下内容' }).textContent;

const chips = () =>
  within(within(dialog()).getByRole('group', { name: '已选城市' }))
    .queryAllByRole('button')
    .map((b) => b.getAttribute('aria-label'));

async function addCity(province: string, city: string) {
  await choose('省份', province);
  await choose('城市', city);
  fireEvent.click(within(dialog()).getByRole('button', { name: '确定' }));
}

describe('the allocation dialog', () => {
  let shown: jest.SpyInstance;
  beforeEach(() => {
    shown = jest.spyOn(notifications, 'show').mockImplementation(() => '');
    Cookies.set('cUserToken', 'channel-session-token');
  });
  afterEach(() => {
    shown.mockRestore();
    Cookies.remove('cUserToken');
  });

  it('loads the products, the price list and the regions with the channel token', async () => {
    const sent = stubApi();
    renderDialog();
    await waitFor(() =>
      expect(sent.map((s) => s.path).sort()).toEqual(['/api/product/list', '/api/region/tree', '/api/tenant/price/list']),
    );
    expect(sent.map((s) => s.authorization)).toEqual(Array(3).fill('Bearer channel-session-token'));
  });

  it('shows the account and company read-only and the whole country while no city is chosen', () => {
    stubApi();
    renderDialog();
    expect(field('账号')).toHaveProperty('value', 'xinghe01');
    expect(field('账号')).toHaveProperty('readOnly', true);
    expect(field('客户公司')).toHaveProperty('value', '星河置业');
    expect(within(dialog()).getByRole('group', { name: '已选城市' }).textContent).toBe('全国');
    expect(within(dialog()).queryByRole('textbox', { name: '省份' })).toBeNull();
  });

  it('adds cities of the city-annual mode as removable chips, once each, and starts again when another product is picked', async () => {
    stubApi();
    renderDialog();
    await choose('产品', '估价次数');
    await choose('购买模式', '城市包年');
    expect(within(dialog()).getByRole('button', { name: '确定' })).toHaveProperty('disabled', true);
    await addCity('广东省', '广州市');
    await addCity('广东省', '深圳市');
    await addCity('广东省', '广州市');
    expect(chips()).toEqual(['移除广州市', '移除深圳市']);
    expect(field('城市')).toHaveProperty('value', '');

    fireEvent.click(within(dialog()).getByRole('button', { name: '移除广州市' }));
    expect(chips()).toEqual(['移除深圳市']);

    await choose('产品', '咨询报告');
    expect(field('购买模式')).toHaveProperty('value', '');
    expect(within(dialog()).queryByRole('textbox', { name: '省份' })).toBeNull();
    expect(within(dialog()).getByRole('group', { name: '已选城市' }).textContent).toBe('全国');
    expect(within(dialog()).getByRole('textbox', { name: '报告份数' })).toBeTruthy();
    fireEvent.click(field('购买模式'));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['按份计价']);
    fireEvent.click(field('购买模式'));

    await choose('产品', '估价次数');
    await choose('购买模式', '城市包年');
    expect(field('省份')).toHaveProperty('value', '');
    expect(chips()).toEqual([]);
  });

  it('checks in the spec order, the first broken rule on its field, and sends the order once nothing is broken', async () => {
    const sent = stubApi();
    const { onClose, client } = renderDialog();
    const invalidate = jest.spyOn(client, 'invalidateQueries');
    const orders = () => sent.filter((s) => s.method === 'POST');

    await save();
    expect(shownError()).toBe('请选择产品');
    await choose('产品', '估价次数');
    await save();
    expect(shownError()).toBe('请选择购买模式');
    await choose('购买模式', '城市包年');
    await save();
    expect(shownError()).toBe('请选择服务范围');
    await addCity('广东省', '深圳市');
    await addCity('北京市', '北京市');
    await save();
    expect(shownError()).toBe('请输入估价次数');
    type('估价次数', '0');
    await save();
    expect(shownError()).toBe('估价次数请输入小于8位数的正整数');
    type('估价次数', '12345678');
    await save();
    expect(shownError()).toBe('估价次数请输入小于8位数的正整数');
    type('估价次数', '3000');
    await save();
    expect(shownError()).toBe('请输入总价');
    type('总价（元）', '9800.5');
    await save();
    expect(shownError()).toBe('请选择截止日期');
    expect(within(dialog()).getAllByText('请选择截止日期')).toHaveLength(2);
    expect(orders()).toHaveLength(0);

    type('截止日期', '2099/12/31');
    fireEvent.blur(field('截止日期'));
    type('备注', '年度合同');
    await save();

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(orders()).toHaveLength(1);
    expect(orders()[0].path).toBe('/api/tenant/customer-balance/order');
    expect(JSON.parse(orders()[0].body)).toMatchObject({
      balanceId: 41,
      companyId: 7,
      companyName: '星河置业',
      loginUser: 'xinghe01',
      productCode: '000001',
      productName: '估价次数',
      buyModeCode: 6,
      buyModeName: '城市包年',
      cityCodes: ['440300', '110100'],
      buyScope: '深圳市、北京市',
      count: 3000,
      orderPrice: '9800.50',
      expireDate: '2099/12/31',
      remark: '年度合同',
    });
    expect(JSON.parse(orders()[0].body).effectiveDate).toMatch(/^\d{4}\/\d{2}\/\d{2}$/);
    expect(shown).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', message: '分配余额成功' }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['session', 'tenant', 'customer-balance'] });
  });

  it('names copies for report products and checks them with their own words', async () => {
    stubApi();
    renderDialog();
    await choose('产品', '询价报告');
    await choose('购买模式', '按份计价');
    await save();
    expect(shownError()).toBe('请输入报告份数');
    type('报告份数', '0');
    await save();
    expect(shownError()).toBe('报告份数请输入小于8位数的正整数');
  });

  it('prefills the count from the price list for the gift and first-purchase modes, not for the others', async () => {
    stubApi();
    renderDialog();
    await choose('产品', '估价次数');
    await waitFor(() => expect(screen.queryByText('加载中…')).toBeNull());
    await choose('购买模式', '个人赠送');
    expect(field('估价次数')).toHaveProperty('value', '100');
    await choose('购买模式', '企业赠送');
    expect(field('估价次数')).toHaveProperty('value', '500');
    await choose('购买模式', '首次购买');
    expect(field('估价次数')).toHaveProperty('value', '50');
    type('估价次数', '80');
    await choose('购买模式', '按次阶梯计价');
    expect(field('估价次数')).toHaveProperty('value', '80');
  });

  it('shows the total price with two decimals on blur when it has a decimal point, and takes only digits and a point', () => {
    stubApi();
    renderDialog();
    type('总价（元）', '12.5');
    fireEvent.blur(field('总价（元）'));
    expect(field('总价（元）')).toHaveProperty('value', '12.50');
    type('总价（元）', '3.456');
    fireEvent.blur(field('总价（元）'));
    expect(field('总价（元）')).toHaveProperty('value', '3.46');
    type('总价（元）', '3,000元');
    fireEvent.blur(field('总价（元）'));
    expect(field('总价（元）')).toHaveProperty('value', '3000');
  });

  it('shows a refusal of the server as a red notification and keeps the dialog open with what was typed', async () => {
    stubApi({ code: 400, message: '客户账号不存在' });
    const { onClose } = renderDialog();
    await choose('产品', '咨询报告');
    await choose('购买模式', '按份计价');
    type('报告份数', '20');
    type('总价（元）', '600');
    type('截止日期', '2099/12/31');
    fireEvent.blur(field('截止日期'));
    await save();

    await waitFor(() => expect(shown).toHaveBeenCalledWith(expect.objectContaining({ color: 'red', message: '错误信息：客户账号不存在' })));
    expect(onClose).not.toHaveBeenCalled();
    expect(field('报告份数')).toHaveProperty('value', '20');
  });
});
