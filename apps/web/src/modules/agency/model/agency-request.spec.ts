import { agencyRequestSchema } from '@valuation/domain';
import { agencyHouseSummary, agencyRequestForm } from './agency-request';

const house = {
  cityCode: '440300',
  cityName: '深圳',
  propType: 11,
  haInfo: { haCode: 'SZ0001', haName: '万科城' },
  cardAddress: '',
  bldgArea: '89.5',
  floor: '6',
  bheight: '18',
};

describe('the institution valuation request', () => {
  it('builds the multipart body with houseInfo as JSON text and the files', async () => {
    const files = [new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], '合同.pdf'), new File(['x'], '产证.jpg')];
    const form = agencyRequestForm(
      { reportType: 0, customerName: ' 张三 ', customerPhone: ' 13800138000 ', remark: ' 加急 ', evalType: 1 },
      house,
      files,
    );
    expect(form.get('reportType')).toBe('0');
    expect(form.get('customerName')).toBe('张三');
    expect(form.get('customerPhone')).toBe('13800138000');
    expect(form.get('remark')).toBe('加急');
    expect(form.get('evalType')).toBe('1');
    expect(JSON.parse(String(form.get('houseInfo')))).toEqual(house);
    expect(form.getAll('files').map((f) => (f as File).name)).toEqual(['合同.pdf', '产证.jpg']);
  });

  it('is read by the server schema', () => {
    const form = agencyRequestForm(
      { reportType: 1, customerName: '张三', customerPhone: '0755-12345678', remark: '', evalType: 2 },
      house,
      [],
    );
    const fields = Object.fromEntries([...form.entries()].filter(([k]) => k !== 'files'));
    expect(agencyRequestSchema.parse(fields)).toMatchObject({
      reportType: 1,
      customerName: '张三',
      evalType: 2,
      houseInfo: { cityCode: '440300', haInfo: { haName: '万科城' } },
    });
  });

  it('summarises the property with what it has', () => {
    expect(agencyHouseSummary(house)).toEqual([
      { label: '城市', value: '深圳' },
      { label: '小区', value: '万科城' },
      { label: '物业类型', value: '住宅' },
      { label: '建筑面积', value: '89.5㎡' },
      { label: '楼层', value: '6/18' },
    ]);
    expect(agencyHouseSummary({ cityCode: '440300', cityName: '深圳', haInfo: null, cardAddress: '福田区深南大道1号' })).toEqual([
      { label: '城市', value: '深圳' },
      { label: '证载地址', value: '福田区深南大道1号' },
    ]);
  });
});
