import { fireEvent, screen } from '@testing-library/react';
import { cityNamesOf, RegionCascade, type RegionNode, type RegionValue } from './RegionCascade';
import { renderWithKit } from '../testing/render';

const TREE: RegionNode[] = [
  { regionCode: '110000', regionName: '北京市', items: [{ regionCode: '110100', regionName: '北京市', items: [] }] },
  {
    regionCode: '440000',
    regionName: '广东省',
    items: [
      { regionCode: '440100', regionName: '广州市', items: [] },
      { regionCode: '440300', regionName: '深圳市', items: [] },
    ],
  },
];

describe('cityNamesOf', () => {
  it('lists each city once, as users write it', () => {
    expect(cityNamesOf(TREE)).toEqual(['北京', '广州', '深圳']);
    expect(cityNamesOf(undefined)).toEqual([]);
  });
});

describe('RegionCascade', () => {
  it('offers every city on click before a province is chosen, and picking one chooses its province', () => {
    const onChange = jest.fn<void, [RegionValue]>();
    renderWithKit(<RegionCascade tree={TREE} levels={2} value={{ province: '', city: '', district: '' }} onChange={onChange} />);
    const city = screen.getByRole('textbox', { name: '城市' });
    expect((city as HTMLInputElement).disabled).toBe(false);
    fireEvent.click(city);
    expect(screen.getByRole('option', { name: '深圳市' })).toBeTruthy();
    fireEvent.click(screen.getByRole('option', { name: '深圳市' }));
    expect(onChange).toHaveBeenCalledWith({ province: '440000', city: '440300', district: '' });
  });

  it('offers only the chosen province’s cities once it is chosen', () => {
    renderWithKit(<RegionCascade tree={TREE} levels={2} value={{ province: '440000', city: '', district: '' }} onChange={jest.fn()} />);
    fireEvent.click(screen.getByRole('textbox', { name: '城市' }));
    expect(screen.getByRole('option', { name: '广州市' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: '北京市' })).toBeNull();
  });
});
