import { act, fireEvent, screen, within } from '@testing-library/react';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { renderWithKit } from '../testing/render';
import type { FilterField } from './list-filters';
import { ListPage, type ListResult } from './ListPage';
import type { RowAction, TableColumn } from './table-columns';
import { useListState } from './use-list-state';

interface Row {
  id: number;
  name: string;
  secret: string;
}

const FIELDS: readonly FilterField[] = [
  { kind: 'text', key: 'name', label: '名称' },
  {
    kind: 'select',
    key: 'state',
    label: '状态',
    options: [
      { value: 'all', label: '全部' },
      { value: '1', label: '处理中' },
      { value: '2', label: '已完成' },
    ],
  },
  { kind: 'dateRange', key: 'submit', label: '提交时间', beginKey: 'beginDate', endKey: 'endDate', defaultMonths: 3 },
];

const COLUMNS: TableColumn<Row>[] = [
  { key: 'name', title: '名称', field: 'name' },
  { key: 'secret', title: '机密', field: 'secret', permission: 9 },
];

const ACTIONS: RowAction<Row>[] = [
  { key: 'detail', label: '详情', href: (r) => `/detail/${r.id}` },
  { key: 'delete', label: '删除', permission: 7, onClick: () => undefined },
  { key: 'retry', label: '重试', visible: (r) => r.id === 2, onClick: () => undefined },
];

const TODAY = new Date(2025, 4, 31);
const ROWS: Row[] = [
  { id: 1, name: '甲', secret: 'x' },
  { id: 2, name: '乙', secret: 'y' },
];

const queries: Record<string, string>[] = [];

function Harness({ rows, granted, total }: { rows: Row[]; granted: number[]; total?: number }) {
  const state = useListState({ fields: FIELDS, pageSizes: [10, 50, 100, 200], today: TODAY });
  queries.push(state.query);
  const location = useLocation();
  const navigate = useNavigate();
  const result: ListResult<Row> = {
    data: { list: rows, total: total ?? rows.length },
    isLoading: false,
    isFetching: false,
    isError: false,
    refetch: jest.fn(),
  };
  return (
    <>
      <output aria-label="地址">{location.search}</output>
      <button type="button" onClick={() => navigate(-1)}>
        后退
      </button>
      <ListPage
        title="测试列表"
        state={state}
        result={result}
        columns={COLUMNS}
        rowKey={(r) => r.id}
        rowActions={ACTIONS}
        granted={new Set(granted)}
        exportAction={{ run: () => Promise.resolve() }}
        today={TODAY}
      />
    </>
  );
}

const address = () => screen.getByLabelText('地址').textContent ?? '';
const lastQuery = () => queries[queries.length - 1];

describe('ListPage', () => {
  beforeEach(() => {
    queries.length = 0;
  });

  it('reads its filters from the URL, with the defaults for what the URL leaves out', () => {
    renderWithKit(<Harness rows={ROWS} granted={[]} />, { url: '/list?name=%E6%9C%9B%E4%BA%AC&state=2&pageSize=50' });
    expect(screen.getByRole('textbox', { name: '名称' })).toHaveProperty('value', '望京');
    expect(screen.getByRole('textbox', { name: '提交时间开始' })).toHaveProperty('value', '2025/02/28');
    expect(screen.getByRole('textbox', { name: '提交时间结束' })).toHaveProperty('value', '2025/05/31');
    expect(lastQuery()).toEqual({ name: '望京', state: '2', beginDate: '2025/02/28', endDate: '2025/05/31' });
    expect(screen.getByRole('textbox', { name: '每页条数' })).toHaveProperty('value', '50 条/页');
  });

  it('writes a search to the URL without blank, 0 or all values, and the back button restores the previous filters', () => {
    renderWithKit(<Harness rows={ROWS} granted={[]} />, { url: '/list?state=1' });
    fireEvent.change(screen.getByRole('textbox', { name: '名称' }), { target: { value: '  春晓 ' } });
    fireEvent.click(screen.getByRole('textbox', { name: '状态' }));
    fireEvent.click(screen.getByRole('option', { name: '全部' }));
    fireEvent.click(screen.getByRole('button', { name: '查询' }));

    const params = new URLSearchParams(address());
    expect([...params.keys()]).toEqual(['name']);
    expect(params.get('name')).toBe('春晓');
    expect(lastQuery()).toEqual({ name: '春晓', beginDate: '2025/02/28', endDate: '2025/05/31' });

    fireEvent.click(screen.getByRole('button', { name: '后退' }));
    expect(address()).toBe('?state=1');
    expect(screen.getByRole('textbox', { name: '名称' })).toHaveProperty('value', '');
    expect(screen.getByRole('textbox', { name: '状态' })).toHaveProperty('value', '处理中');
  });

  it('keeps a cleared date window empty in the URL but sends no dates', () => {
    renderWithKit(<Harness rows={ROWS} granted={[]} />, { url: '/list' });
    const begin = screen.getByRole('textbox', { name: '提交时间开始' });
    const clear = begin.parentElement?.querySelector('button');
    expect(clear).toBeTruthy();
    fireEvent.click(clear!);
    const end = screen.getByRole('textbox', { name: '提交时间结束' });
    fireEvent.click(end.parentElement!.querySelector('button')!);
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    expect(address()).toBe('?beginDate=&endDate=');
    expect(lastQuery()).toEqual({});
  });

  it('leaves out the columns and actions the user may not use, and actions that do not apply to a row', () => {
    const view = renderWithKit(<Harness rows={ROWS} granted={[]} />);
    expect(screen.queryByRole('columnheader', { name: '机密' })).toBeNull();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
    const [, first, second] = screen.getAllByRole('row');
    expect(within(first).getByRole('link', { name: '详情' }).getAttribute('href')).toBe('/detail/1');
    expect(within(first).queryByRole('button', { name: '重试' })).toBeNull();
    expect(within(second).getByRole('button', { name: '重试' })).toBeTruthy();
    view.unmount();

    renderWithKit(<Harness rows={ROWS} granted={[7, 9]} />);
    expect(screen.getByRole('columnheader', { name: '机密' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: '删除' })).toHaveLength(2);
  });

  it('shows 暂无数据 on an empty list and offers no export then', async () => {
    renderWithKit(<Harness rows={[]} granted={[]} total={0} />);
    expect(screen.getByText('暂无数据')).toBeTruthy();
    expect(screen.getByText('共 0 条')).toBeTruthy();
    const exportButton = screen.getByRole('button', { name: '导出' });
    expect(exportButton).toHaveProperty('disabled', true);
    await act(async () => {
      fireEvent.mouseEnter(exportButton.parentElement!);
    });
    expect(await screen.findByRole('tooltip')).toHaveProperty('textContent', '暂无数据');
  });

  it('offers export when the list has rows', () => {
    renderWithKit(<Harness rows={ROWS} granted={[]} />);
    expect(screen.getByRole('button', { name: '导出' })).toHaveProperty('disabled', false);
    expect(screen.getByText('共 2 条')).toBeTruthy();
  });

  it('moves pages through the URL', () => {
    renderWithKit(<Harness rows={ROWS} granted={[]} total={35} />, { url: '/list?name=a' });
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    expect(new URLSearchParams(address()).get('pageIndex')).toBe('3');
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    expect(address()).toBe('?name=a');
  });
});

interface CountRow {
  id: number;
  name: string;
  count: number;
}

const COUNT_COLUMNS: TableColumn<CountRow>[] = [
  { key: 'name', title: '名称', field: 'name' },
  { key: 'count', title: '剩余次数', field: 'count', sortable: true },
  { key: 'copies', title: '剩余份数', field: 'count', sortable: true },
];

const COUNT_ROWS: CountRow[] = [
  { id: 1, name: '甲', count: 3 },
  { id: 2, name: '乙', count: 5 },
];

const sorts: (string | null)[] = [];

function SortHarness({ options }: { options: { value: string; label: string }[] }) {
  const fields = useMemo<readonly FilterField[]>(
    () => [
      { kind: 'text', key: 'name', label: '名称' },
      { kind: 'select', key: 'companyId', label: '公司', options: [{ value: 'all', label: '全部' }, ...options] },
    ],
    [options],
  );
  const state = useListState({ fields, pageSizes: [20, 50], sortFields: ['count', 'copies'] });
  sorts.push(state.sort ? `${state.sort.field} ${state.sort.order}` : null);
  queries.push(state.query);
  const location = useLocation();
  const result: ListResult<CountRow> = {
    data: { list: COUNT_ROWS, total: 60 },
    isLoading: false,
    isFetching: false,
    isError: false,
    refetch: jest.fn(),
  };
  return (
    <>
      <output aria-label="地址">{location.search}</output>
      <ListPage title="排序列表" state={state} result={result} columns={COUNT_COLUMNS} rowKey={(r) => r.id} />
    </>
  );
}

describe('ListPage with server-side sorting', () => {
  beforeEach(() => {
    sorts.length = 0;
    queries.length = 0;
  });

  const header = (name: string) => screen.getByRole('columnheader', { name });

  it('sorts by a column from page 1: ascending, descending, then the server order again, kept in the URL', () => {
    renderWithKit(<SortHarness options={[]} />, { url: '/list?name=a&pageIndex=2' });
    expect(header('剩余次数').getAttribute('aria-sort')).toBe('none');
    expect(within(header('名称')).queryByRole('button')).toBeNull();

    fireEvent.click(within(header('剩余次数')).getByRole('button', { name: '剩余次数' }));
    expect(address()).toBe('?name=a&sortField=count&sortOrder=asc');
    expect(header('剩余次数').getAttribute('aria-sort')).toBe('ascending');
    expect(sorts[sorts.length - 1]).toBe('count asc');

    fireEvent.click(within(header('剩余次数')).getByRole('button', { name: '剩余次数' }));
    expect(address()).toBe('?name=a&sortField=count&sortOrder=desc');
    expect(header('剩余次数').getAttribute('aria-sort')).toBe('descending');

    fireEvent.click(within(header('剩余份数')).getByRole('button', { name: '剩余份数' }));
    expect(address()).toBe('?name=a&sortField=copies&sortOrder=asc');
    expect(header('剩余次数').getAttribute('aria-sort')).toBe('none');

    fireEvent.click(within(header('剩余份数')).getByRole('button', { name: '剩余份数' }));
    fireEvent.click(within(header('剩余份数')).getByRole('button', { name: '剩余份数' }));
    expect(address()).toBe('?name=a');
    expect(sorts[sorts.length - 1]).toBeNull();
  });

  it('reads the sort from the URL, ignores one it does not offer, and keeps it through a search and a page change', () => {
    const view = renderWithKit(<SortHarness options={[]} />, { url: '/list?sortField=secret&sortOrder=asc' });
    expect(sorts[sorts.length - 1]).toBeNull();
    view.unmount();

    renderWithKit(<SortHarness options={[]} />, { url: '/list?sortField=copies&sortOrder=desc' });
    expect(header('剩余份数').getAttribute('aria-sort')).toBe('descending');
    fireEvent.change(screen.getByRole('textbox', { name: '名称' }), { target: { value: '乙' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    expect(address()).toBe('?name=%E4%B9%99&sortField=copies&sortOrder=desc');
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    expect(new URLSearchParams(address()).get('sortOrder')).toBe('desc');
    expect(new URLSearchParams(address()).get('pageIndex')).toBe('2');
  });

  it('shows a select value of the URL once its options arrive, in the bar as in the request', () => {
    const view = renderWithKit(<SortHarness options={[]} />, { url: '/list?companyId=7' });
    expect(queries[queries.length - 1]).toEqual({});
    view.rerender(<SortHarness options={[{ value: '7', label: '星河置业' }]} />);
    expect(queries[queries.length - 1]).toEqual({ companyId: '7' });
    expect(screen.getByRole('textbox', { name: '公司' })).toHaveProperty('value', '星河置业');
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    expect(address()).toBe('?companyId=7');
  });
});
