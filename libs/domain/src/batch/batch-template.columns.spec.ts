import { ValuationMsg } from '../validation/valuation-request';
import {
  BATCH_COLUMNS,
  batchPropType,
  batchRowInput,
  batchRowToValuationInput,
  checkBatchRow,
  matchBatchHeader,
} from './batch-template.columns';
import { batchItemsQuerySchema, batchListQuerySchema } from './batch-list.schemas';
import { BatchMsg } from './batch-upload.rules';

const headers = BATCH_COLUMNS.map((c) => c.header);
const place = { cityCode: '110100', cityName: '北京市', haInfo: { haCode: 'demo:110100:0219', haName: '春晓花园' } };

describe('batch template columns', () => {
  it('has the template headers in order, required ones starred', () => {
    expect(headers).toEqual([
      '城市*',
      '区县',
      '小区名称或地址*',
      '物业类型*',
      '建筑面积(㎡)*',
      '所在楼层*',
      '总楼层*',
      '室',
      '厅',
      '卫',
      '朝向',
      '装修程度',
      '建成年代',
      '客户编号',
    ]);
    expect(BATCH_COLUMNS.find((c) => c.key === 'propType')!.options!.map((o) => o.name)).toEqual(['住宅', '办公', '商铺']);
    expect(BATCH_COLUMNS.find((c) => c.key === 'face')!.options!.length).toBe(10);
  });

  it('matches headers with or without stars, units and full-width brackets', () => {
    const m = matchBatchHeader(['城市', ' 小区名称或地址 ', '物业类型', '建筑面积（㎡）', '所在楼层', '总楼层', '备注']);
    expect(m).toEqual({ ok: true, keys: ['cityName', 'location', 'propType', 'bldgArea', 'floor', 'bheight', null] });
    expect(matchBatchHeader(['建筑面积', '城市*', '小区名称或地址*', '物业类型*', '所在楼层*', '总楼层*']).ok).toBe(true);
  });

  it('names the missing required columns', () => {
    expect(matchBatchHeader(['城市', '区县'])).toEqual({
      ok: false,
      missing: ['小区名称或地址*', '物业类型*', '建筑面积(㎡)*', '所在楼层*', '总楼层*'],
    });
  });

  it('reads a row by key, trimming cells and skipping blank rows', () => {
    const m = matchBatchHeader(headers);
    if (!m.ok) throw new Error('header');
    const cells = ['北京市', '', ' 春晓花园 ', '住宅', '89.5', '6', '18', '2', '1', '1', '南北', '精装', '2004', 'KH0001'];
    expect(batchRowInput(cells, m.keys)).toEqual({
      cityName: '北京市',
      location: '春晓花园',
      propType: '住宅',
      bldgArea: '89.5',
      floor: '6',
      bheight: '18',
      br: '2',
      lr: '1',
      ba: '1',
      face: '南北',
      intDeco: '精装',
      buildYear: '2004',
      principalCode: 'KH0001',
    });
    expect(batchRowInput(['', ' ', ''], m.keys)).toBeNull();
  });

  it('maps names of drop-down cells to codes and checks the row as a valuation', () => {
    const input = {
      cityName: '北京',
      location: '春晓花园',
      propType: '住宅',
      bldgArea: '89.5',
      floor: '6',
      bheight: '18',
      face: '南北',
      intDeco: '精装',
      buildYear: '2004',
    };
    expect(batchRowToValuationInput(input, place)).toMatchObject({
      propType: '11',
      face: '9',
      intDeco: '4',
      cardAddress: '春晓花园',
      cityCode: '110100',
    });
    const checked = checkBatchRow(input, place);
    expect(checked.ok && checked.value).toMatchObject({
      cityCode: '110100',
      propType: 11,
      bldgArea: 89.5,
      floor: 6,
      bheight: 18,
      face: '9',
      intDeco: '4',
      haInfo: place.haInfo,
    });
    expect(batchPropType({ propType: '22' })).toBe(22);
    expect(batchPropType({ propType: '商铺' })).toBe(22);
    expect(batchPropType({ propType: '别墅' })).toBeNull();
  });

  it('reports the first problem of a row with the form messages', () => {
    const input = { cityName: '北京', location: '春晓花园', propType: '住宅', bldgArea: '89.5', floor: '6', bheight: '18' };
    const msg = (r: ReturnType<typeof checkBatchRow>) => (r.ok ? null : r.message);
    expect(msg(checkBatchRow({ ...input, cityName: undefined }, place))).toBe(BatchMsg.cityRequired);
    expect(msg(checkBatchRow(input, null))).toBe(BatchMsg.cityUnknown);
    expect(msg(checkBatchRow({ ...input, location: undefined }, place))).toBe(ValuationMsg.addressRequired);
    expect(msg(checkBatchRow({ ...input, propType: '别墅' }, place))).toBe(ValuationMsg.propTypeInvalid);
    expect(msg(checkBatchRow({ ...input, bldgArea: '0' }, place))).toBe(ValuationMsg.areaInvalid);
    expect(msg(checkBatchRow({ ...input, floor: '20' }, place))).toBe(ValuationMsg.floorAboveTotal);
    expect(msg(checkBatchRow({ ...input, face: '正南' }, place))).toBe(ValuationMsg.dictInvalid);
  });
});

describe('batch list queries', () => {
  it('defaults the state to all and the page size to 10', () => {
    expect(batchListQuerySchema.parse({})).toEqual({ taskState: 0, pageIndex: 1, pageSize: 10 });
    expect(
      batchListQuerySchema.parse({ taskName: ' 三月 ', taskState: '2', beginDate: '2025/01/01', endDate: '2025/03/31', pageSize: '200' }),
    ).toEqual({
      taskName: '三月',
      taskState: 2,
      beginDate: '2025/01/01',
      endDate: '2025/03/31',
      pageIndex: 1,
      pageSize: 200,
    });
  });

  it('refuses unknown states, page sizes and reversed dates', () => {
    expect(batchListQuerySchema.safeParse({ taskState: 4 }).success).toBe(false);
    expect(batchListQuerySchema.safeParse({ pageSize: 20 }).success).toBe(false);
    expect(batchListQuerySchema.safeParse({ beginDate: '2025/03/01', endDate: '2025/01/01' }).success).toBe(false);
    expect(batchItemsQuerySchema.safeParse({ batchId: '', evalState: 1 }).success).toBe(false);
    expect(batchItemsQuerySchema.parse({ batchId: 'PL2025', evalState: '3' })).toEqual({
      batchId: 'PL2025',
      evalState: 3,
      pageIndex: 1,
      pageSize: 10,
    });
  });
});
