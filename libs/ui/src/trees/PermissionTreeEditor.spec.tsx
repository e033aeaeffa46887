import { fireEvent, screen, within } from '@testing-library/react';
import { permissionTree } from '@valuation/domain';
import { useState } from 'react';
import { renderWithKit } from '../testing/render';
import { pageCheckState, togglePermission, type PermissionGroup } from './permission-tree';
import { PermissionTreeEditor } from './PermissionTreeEditor';

const GROUPS: PermissionGroup[] = [
  {
    id: 11,
    name: '账号管理',
    children: [
      { id: 46, name: '新增账号' },
      { id: 47, name: '编辑账号' },
    ],
  },
  { id: 16, name: '网站配置', children: [] },
];

describe('permission tree rules', () => {
  it('checking a page checks its children; unchecking it unchecks them', () => {
    expect(togglePermission(GROUPS, [], 11, true).sort()).toEqual([11, 46, 47]);
    expect(togglePermission(GROUPS, [11, 46, 47, 16], 11, false)).toEqual([16]);
  });

  it('checking a child checks its page; unchecking the last child unchecks the page', () => {
    expect(togglePermission(GROUPS, [], 47, true).sort()).toEqual([11, 47]);
    expect(togglePermission(GROUPS, [11, 46, 47], 46, false).sort()).toEqual([11, 47]);
    expect(togglePermission(GROUPS, [11, 47], 47, false)).toEqual([]);
  });

  it('shows a page with some children checked as indeterminate', () => {
    expect(pageCheckState(GROUPS[0], new Set([11, 46]))).toBe('indeterminate');
    expect(pageCheckState(GROUPS[0], new Set([11, 46, 47]))).toBe('checked');
    expect(pageCheckState(GROUPS[1], new Set([16]))).toBe('checked');
  });
});

function Editor({ initial = [] as number[] }) {
  const [ids, setIds] = useState<number[]>(initial);
  const groups = permissionTree('customer', [11, 46, 47, 48, 16]);
  return (
    <>
      <output aria-label="已选">{ids.join(',')}</output>
      <PermissionTreeEditor groups={groups} value={ids} onChange={setIds} />
    </>
  );
}

const chosen = () => screen.getByLabelText('已选').textContent;

describe('PermissionTreeEditor', () => {
  it('offers only what the editor may grant and applies the parent and child rules', () => {
    renderWithKit(<Editor />);
    expect(screen.queryByRole('group', { name: '快速估价' })).toBeNull();
    const accounts = screen.getByRole('group', { name: '账号管理' });
    expect(within(accounts).getAllByRole('checkbox')).toHaveLength(4);

    fireEvent.click(within(accounts).getByRole('checkbox', { name: '编辑账号' }));
    expect(chosen()).toBe('11,47');
    fireEvent.click(within(accounts).getByRole('checkbox', { name: '账号管理' }));
    expect(chosen()).toBe('11,46,47,48');
    fireEvent.click(within(accounts).getByRole('checkbox', { name: '账号管理' }));
    expect(chosen()).toBe('');

    fireEvent.click(within(accounts).getByRole('checkbox', { name: '新增账号' }));
    fireEvent.click(within(accounts).getByRole('checkbox', { name: '新增账号' }));
    expect(chosen()).toBe('');
  });

  it('selects and clears everything', () => {
    renderWithKit(<Editor initial={[16]} />);
    fireEvent.click(screen.getByRole('button', { name: '全选' }));
    expect(chosen()).toBe('11,16,46,47,48');
    fireEvent.click(screen.getByRole('button', { name: '清空' }));
    expect(chosen()).toBe('');
  });
});
