import { isCityNotOpened } from './opened-cities';

describe('opened cities', () => {
  const opened = [
    { regionName: '北京', regionCode: '110100' },
    { regionName: '上海', regionCode: '310100' },
  ];

  it('says a city outside the service scope is not opened', () => {
    expect(isCityNotOpened(opened, '440100')).toBe(true);
    expect(isCityNotOpened(opened, '310100')).toBe(false);
    expect(isCityNotOpened([], '110100')).toBe(true);
  });

  it('says nothing while the scope or the city is unknown', () => {
    expect(isCityNotOpened(undefined, '440100')).toBe(false);
    expect(isCityNotOpened(opened, undefined)).toBe(false);
  });
});
