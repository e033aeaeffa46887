import { screen } from '@testing-library/react';
import { InfoGrid } from './InfoGrid';
import { renderWithKit } from '../testing/render';

describe('InfoGrid', () => {
  it('lays out up to its columns, a wide item spanning at most all of them, and shows -- for empty values', () => {
    const { container } = renderWithKit(
      <InfoGrid
        cols={3}
        items={[
          { label: '申请人', value: '演示管理员（demoadmin）' },
          { label: '备注', value: '', span: 5 },
        ]}
      />,
    );
    const grid = container.querySelector<HTMLElement>('.vinfo-grid')!;
    expect(grid.dataset.cols).toBe('3');
    expect(grid.style.getPropertyValue('--info-cols')).toBe('3');
    const wide = screen.getByText('备注').closest<HTMLElement>('.vinfo-item')!;
    expect(wide.style.getPropertyValue('--info-column')).toBe('span 3');
    expect(wide.textContent).toContain('--');
    expect(screen.getByText('演示管理员（demoadmin）').className).toContain('vinfo-value');
  });
});
