import { agencyReportTypeLabel, agencyTotalPrice, agencyUnitPrice, floorText, roomLayout } from './agency-format';
import { detailIdOf, isAgencyUnread } from './agency-side';

describe('agency formatting', () => {
  it('shows replied prices as every other screen does: whole 万元 and 元/㎡ for a sale, 2 decimals for a rent', () => {
    expect(agencyTotalPrice(3_250_000, 1)).toBe('325万元');
    expect(agencyTotalPrice(7_318_296, 1)).toBe('732万元');
    expect(agencyTotalPrice(4500.5, 2)).toBe('4,500.50元/月');
    expect(agencyUnitPrice(36_500.25, 1)).toBe('36,500元/㎡');
    expect(agencyUnitPrice(50, 2)).toBe('50.00元/月/㎡');
    expect(agencyTotalPrice(null, 1)).toBe('--');
  });

  it('names the report types, also when stored as booleans', () => {
    expect([agencyReportTypeLabel(true), agencyReportTypeLabel(false), agencyReportTypeLabel(1), agencyReportTypeLabel(0)]).toEqual([
      '正式报告',
      '预评估报告',
      '正式报告',
      '预评估报告',
    ]);
  });

  it('shows area, floors and rooms', () => {
    expect(floorText(6, 18)).toBe('6/18');
    expect(floorText(null, null)).toBeNull();
    expect(roomLayout(3, 2, 1)).toBe('3室2厅1卫');
    expect(roomLayout(null, null, null)).toBeNull();
  });
});

describe('agency sides', () => {
  it('reads each side its own read marker (1 unread)', () => {
    const row = { readstatus: 1 as const, readstatusTenant: 0 as const };
    expect(isAgencyUnread('org', row)).toBe(true);
    expect(isAgencyUnread('tenant', row)).toBe(false);
  });

  it('reads the detailID of the route query', () => {
    expect(['12', ' 7 ', '0', '-3', '1.5', 'abc', '', null].map(detailIdOf)).toEqual([12, 7, null, null, null, null, null, null]);
  });
});
