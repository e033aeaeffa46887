import { screen } from '@testing-library/react';
import { renderWithKit } from '../testing/render';
import { AddressCell, DateTimeCell, ShortText, shortText } from './cells';

describe('table cells', () => {
  it('cut long locations at 10 characters', () => {
    expect(shortText('深圳市福田区深南大道1号')).toBe('深圳市福田区深南大道…');
    expect(shortText('万科城')).toBe('万科城');
    expect(shortText(null)).toBe('--');
    renderWithKit(<ShortText text="北京市朝阳区望京街道十号院" />);
    expect(screen.getByText('北京市朝阳区望京街道…')).toBeTruthy();
  });

  it('show a moment as its business day over its time', () => {
    renderWithKit(<DateTimeCell value="2026-01-02T02:30:00Z" />);
    expect(screen.getByText('2026-01-02')).toBeTruthy();
    expect(screen.getByText('10:30:00')).toBeTruthy();
  });

  it('show the community alone when a property has no certificate address', () => {
    const view = renderWithKit(<AddressCell address={null} place="春晓花园" />);
    expect(screen.getByText('春晓花园')).toBeTruthy();
    expect(screen.queryByText('--')).toBeNull();
    view.unmount();
    renderWithKit(<AddressCell address="朝阳区团结湖路38号" place="春晓花园" />);
    expect(screen.getByText('朝阳区团结湖路38号')).toBeTruthy();
    expect(screen.getByText('春晓花园')).toBeTruthy();
  });
});
