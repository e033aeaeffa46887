import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AssetTypeView, Paged } from '@valuation/contracts';
import { AssetTypeMsg } from '@valuation/domain';
import Cookies from 'js-cookie';
import { ORG_ROUTES } from '../../../app/routing/org-routes';
import { registerRoutes } from '../../../app/routing/route-registry';
import { answerApi, renderPage } from '../../../app/testing/page-harness';
import { AssetTypePage } from './AssetTypePage';

const perm = (id: number) => ({ id, name: String(id), parentId: 0, level: 1, sort: 1, code: `${id}:visible`, url: '' });

const PAGE: Paged<AssetTypeView> = {
  list: [
    {
      id: 5,
      assetName: '商铺抵押',
      assetRemark: '经营性物业',
      assetCount: 3,
      createTime: '2025-05-01 10:00:00',
      createBy: 7,
      createName: '管理员',
      updateTime: '2025-05-02 10:00:00',
      updateBy: 7,
      updateName: '管理员',
    },
  ],
  pages: 1,
  pageNum: 1,
  total: 1,
};

beforeAll(() => registerRoutes('org', ORG_ROUTES));
beforeEach(() => Cookies.set('userToken', 'user-session-token'));
afterEach(() => Cookies.remove('userToken'));

function answers(perms: number[]) {
  return answerApi({
    '/api/auth/user/login-user/perms': { data: perms.map(perm) },
    '/api/asset-type/pageable': { data: PAGE },
    '/api/asset-type/add': (call) => ({ data: { ...PAGE.list[0], id: 6, assetName: (call.body as { name: string }).name } }),
    '/api/asset-type/update': { code: 404, message: AssetTypeMsg.notFound },
    '/api/asset-type/del': { data: null },
  });
}

describe('asset types', () => {
  it('checks the name with the spec message, adds a type and says so', async () => {
    const sent = answers([15, 61]);
    renderPage(<AssetTypePage />, { url: '/org/assetType' });
    const table = await screen.findByRole('table', { name: '资产类型' });
    expect((await within(table).findAllByText('7(管理员)')).length).toBe(2);

    fireEvent.click(screen.getByRole('button', { name: '新增资产类型' }));
    const dialog = await screen.findByRole('dialog', { name: '新增资产类型' });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect((await within(dialog).findAllByText(AssetTypeMsg.nameRequired)).length).toBeGreaterThan(0);
    expect(sent.some((c) => c.path === '/api/asset-type/add')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/资产类型名称/), { target: { value: '住宅抵押' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText(AssetTypeMsg.added)).toBeTruthy();
    expect(sent.find((c) => c.path === '/api/asset-type/add')?.body).toEqual({ name: '住宅抵押', remark: '' });
  });

  it('shows the server refusal of an edit in the dialog', async () => {
    answers([15]);
    renderPage(<AssetTypePage />, { url: '/org/assetType' });
    const table = await screen.findByRole('table', { name: '资产类型' });
    const row = (await within(table).findByText('商铺抵押')).closest('tr') as HTMLElement;
    expect(screen.queryByRole('button', { name: '新增资产类型' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑资产类型' });
    fireEvent.change(within(dialog).getByLabelText(/资产类型名称/), { target: { value: '商业抵押' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText(AssetTypeMsg.notFound)).toBeTruthy();
  });

  it('asks the spec question before deleting', async () => {
    const sent = answers([15]);
    renderPage(<AssetTypePage />, { url: '/org/assetType' });
    const table = await screen.findByRole('table', { name: '资产类型' });
    const row = (await within(table).findByText('商铺抵押')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: '删除' }));
    const confirm = await screen.findByRole('dialog', { name: '删除资产类型' });
    expect(within(confirm).getByText(AssetTypeMsg.deleteConfirm)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(sent.find((c) => c.path === '/api/asset-type/del')?.body).toEqual({ id: '5' }));
    expect(await screen.findByText(AssetTypeMsg.deleted)).toBeTruthy();
  });
});
