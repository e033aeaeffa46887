import { dictName } from '@valuation/domain';
import { houseInfoItems } from './case-format';

describe('houseInfoItems', () => {
  it('labels the house fields in form order, names codes, and leaves out what the page shows elsewhere', () => {
    const items = houseInfoItems({
      cityCode: '110100',
      cityName: '北京',
      bldgArea: 96,
      floor: 4,
      propType: 11,
      bheight: 6,
      face: '1',
      haInfo: { haName: '春晓花园' },
      owner: '',
    });
    expect(items).toEqual([
      { label: '物业类型', value: '住宅' },
      { label: '所在楼层', value: '4' },
      { label: '总楼层', value: '6' },
      { label: '朝向', value: dictName('face', '1') },
    ]);
  });
});
