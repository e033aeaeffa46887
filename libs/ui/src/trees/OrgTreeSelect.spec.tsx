import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { renderWithKit } from '../testing/render';
import { filterOrgTree, type OrgNode } from './org-tree';
import { OrgTreeSelect } from './OrgTreeSelect';

const TREE: OrgNode[] = [
  {
    id: 1,
    name: '示范银行',
    children: [
      { id: 2, name: '北京分行', children: [{ id: 4, name: '朝阳支行' }] },
      { id: 3, name: '上海分行', children: [{ id: 5, name: '浦东支行' }] },
    ],
  },
];

function Picker() {
  const [ids, setIds] = useState<number[]>([]);
  return (
    <>
      <output aria-label="已选">{[...ids].sort().join(',')}</output>
      <OrgTreeSelect label="所属机构" tree={TREE} value={ids} onChange={setIds} />
    </>
  );
}

const chosen = () => screen.getByLabelText('已选').textContent;
const open = () => {
  fireEvent.click(screen.getByRole('button', { name: '所属机构' }));
  return screen.getByRole('dialog');
};

describe('OrgTreeSelect', () => {
  it('keeps the matches of a search with where they sit', () => {
    expect(filterOrgTree(TREE, '浦东')).toEqual([
      { ...TREE[0], children: [{ ...TREE[0].children![1], children: [{ id: 5, name: '浦东支行' }] }] },
    ]);
    expect(filterOrgTree(TREE, '  ')).toEqual(TREE);
  });

  it('selects all and clears all', () => {
    renderWithKit(<Picker />);
    const dropdown = open();
    fireEvent.click(within(dropdown).getByRole('button', { name: '全选' }));
    expect(chosen()).toBe('1,2,3,4,5');
    expect(screen.getByRole('button', { name: '所属机构' }).textContent).toContain('示范银行 等 5 个机构');
    fireEvent.click(within(dropdown).getByRole('button', { name: '清空' }));
    expect(chosen()).toBe('');
  });

  it('searches, and select all takes only what the search shows', () => {
    renderWithKit(<Picker />);
    const dropdown = open();
    fireEvent.change(within(dropdown).getByRole('textbox', { name: '搜索机构' }), { target: { value: '北京' } });
    expect(within(dropdown).getByRole('checkbox', { name: '北京分行' })).toBeTruthy();
    expect(within(dropdown).getByRole('checkbox', { name: '朝阳支行' })).toBeTruthy();
    expect(within(dropdown).queryByRole('checkbox', { name: '上海分行' })).toBeNull();
    fireEvent.click(within(dropdown).getByRole('button', { name: '全选' }));
    expect(chosen()).toBe('1,2,4');

    fireEvent.change(within(dropdown).getByRole('textbox', { name: '搜索机构' }), { target: { value: '无此机构' } });
    expect(within(dropdown).getByText('无匹配机构')).toBeTruthy();
  });

  it('takes the sub-organisations with an organisation', () => {
    renderWithKit(<Picker />);
    const dropdown = open();
    fireEvent.click(within(dropdown).getByRole('checkbox', { name: '上海分行' }));
    expect(chosen()).toBe('3,5');
    fireEvent.click(within(dropdown).getByRole('checkbox', { name: '浦东支行' }));
    expect(chosen()).toBe('3');
  });
});
