import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderWithKit } from '../testing/render';
import type { OrgNode } from './org-tree';
import { OrgTreePanel } from './OrgTreePanel';

const TREE: OrgNode[] = [
  {
    id: 1,
    name: '示范银行',
    children: [
      { id: 2, name: '北京分行', children: [{ id: 4, name: '朝阳支行' }] },
      { id: 3, name: '上海分行' },
    ],
  },
];

const row = (id: number) => document.querySelector(`[data-org-row="${id}"]`) as HTMLElement;
const dataTransfer = () => ({ setData: jest.fn(), dropEffect: '', effectAllowed: '' });

function Panel({ onMove, onDelete }: { onMove: jest.Mock; onDelete?: jest.Mock }) {
  const [checked, setChecked] = useState<number[]>([]);
  const [selected, setSelected] = useState<number | null>(null);
  return (
    <>
      <output aria-label="已选">{[...checked].sort().join(',')}</output>
      <output aria-label="当前">{selected ?? ''}</output>
      <OrgTreePanel
        tree={TREE}
        selectedId={selected}
        onSelect={setSelected}
        checked={checked}
        onCheckedChange={setChecked}
        onAdd={jest.fn()}
        onRename={jest.fn()}
        onDelete={onDelete}
        onMove={onMove}
      />
    </>
  );
}

describe('OrgTreePanel', () => {
  it('selects an organisation, selects all and clears all', () => {
    renderWithKit(<Panel onMove={jest.fn()} />);
    fireEvent.click(screen.getByText('上海分行'));
    expect(screen.getByLabelText('当前').textContent).toBe('3');
    fireEvent.click(screen.getByRole('button', { name: '全选' }));
    expect(screen.getByLabelText('已选').textContent).toBe('1,2,3,4');
    fireEvent.click(screen.getByRole('button', { name: '清空' }));
    expect(screen.getByLabelText('已选').textContent).toBe('');
  });

  it('offers delete on sub-organisations only', () => {
    renderWithKit(<Panel onMove={jest.fn()} onDelete={jest.fn()} />);
    expect(screen.queryByRole('button', { name: '删除示范银行' })).toBeNull();
    expect(screen.getByRole('button', { name: '删除北京分行' })).toBeTruthy();
  });

  it('moves a dropped organisation under another, and refuses a drop below itself', () => {
    const onMove = jest.fn();
    renderWithKit(<Panel onMove={onMove} />);
    expect(row(1).getAttribute('draggable')).toBe('false');
    fireEvent.dragStart(row(2), { dataTransfer: dataTransfer() });
    fireEvent.dragOver(row(4), { dataTransfer: dataTransfer() });
    expect(row(4).getAttribute('data-drop')).toBe('refused');
    fireEvent.drop(row(4), { dataTransfer: dataTransfer() });
    expect(onMove).not.toHaveBeenCalled();

    fireEvent.dragStart(row(2), { dataTransfer: dataTransfer() });
    fireEvent.dragOver(row(3), { dataTransfer: dataTransfer() });
    expect(row(3).getAttribute('data-drop')).toBe('allowed');
    fireEvent.drop(row(3), { dataTransfer: dataTransfer() });
    expect(onMove).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }), expect.objectContaining({ id: 3 }));
  });
});
