import type { EvalFieldItem } from '@valuation/contracts';
import { EVAL_FIELDS } from '@valuation/domain';
import {
  clearsArea,
  EMPTY_VALUES,
  allProblems,
  firstProblem,
  PRECISE_FIELDS,
  toValuationRequest,
  totalFloorsProblem,
  withBuildingType,
  withPropType,
  type ValuationContext,
  type ValuationFormValues,
} from './valuation-form';

const ctx: ValuationContext = {
  city: { city: '北京', cityCode: '110100' },
  propType: 11,
  subject: { kind: 'community', community: { haCode: 'BJ0001', haName: '阳光花园', haAddress: '阳光路1号' } },
};
const valid: ValuationFormValues = { ...EMPTY_VALUES, bldgArea: '89.5', floor: '5', bheight: '18' };
const form = (over: Partial<ValuationFormValues>) => ({ ...valid, ...over });

const allRequired: EvalFieldItem[] = EVAL_FIELDS.map((f) => ({
  id: null,
  fieldName: f.fieldName,
  fieldKey: f.key,
  fieldType: f.fieldType,
  entryType: f.entryType,
  display: true,
  required: true,
}));

describe('the quick valuation form', () => {
  it('accepts a complete form and builds the request the API takes', () => {
    expect(firstProblem(valid, ctx, [])).toBeNull();
    expect(toValuationRequest(valid, ctx)).toMatchObject({
      cityCode: '110100',
      cityName: '北京',
      propType: 11,
      bldgArea: '89.5',
      haInfo: { haCode: 'BJ0001', haName: '阳光花园' },
      gpsInfo: null,
    });
  });

  it('values a marked point by its coordinates, with its address as the certificate address', () => {
    const point: ValuationContext = { ...ctx, subject: { kind: 'point', point: { coord: '116.47,39.93', address: '朝阳路8号' } } };
    expect(toValuationRequest(valid, point)).toMatchObject({
      haInfo: null,
      gpsInfo: { coord: '116.47,39.93', coordType: 'bd09ll' },
      cardAddress: '朝阳路8号',
    });
    expect(firstProblem(valid, point, [])).toBeNull();
  });

  it.each<[Partial<ValuationFormValues>, string, string]>([
    [{ bldgArea: '' }, 'bldgArea', '请输入面积'],
    [{ bldgArea: '0' }, 'bldgArea', '请输入正确的面积'],
    [{ bldgArea: '12.345' }, 'bldgArea', '请输入正确的面积'],
    [{ bldgArea: 'abc' }, 'bldgArea', '请输入正确的面积'],
    [{ floor: '' }, 'floor', '请输入楼层'],
    [{ floor: '0' }, 'floor', '请输入正确的楼层'],
    [{ floor: '51' }, 'floor', '请输入正确的楼层'],
    [{ floor: '-2' }, 'floor', '请输入正确的楼层'],
    [{ bheight: '' }, 'bheight', '请输入总楼层'],
    [{ bheight: '1001' }, 'bheight', '请输入正确的楼层'],
    [{ floor: '20', bheight: '18' }, 'floor', '不可大于总楼层'],
    [{ buildNo: '501' }, 'buildNo', '请输入正确的栋数！'],
    [{ unit: '0' }, 'unit', '请输入正确单元数！'],
    [{ roomNo: '1.5' }, 'roomNo', '请输入正整数的户数！'],
    [{ br: '21' }, 'br', '请输入正确的室数！'],
    [{ lr: '11' }, 'lr', '请输入正确的厅数！'],
    [{ ba: '11' }, 'ba', '请输入正确的卫数！'],
    [{ buildYear: '20051' }, 'buildYear', '请输入正确的年代！'],
  ])('%o fails on %s with %s', (over, field, message) => {
    expect(firstProblem(form(over), ctx, [])).toEqual({ field, message });
  });

  it('reports problems in the specification order: area before floor before total floors', () => {
    expect(firstProblem(form({ bldgArea: '', floor: '99', bheight: '' }), ctx, [])?.field).toBe('bldgArea');
    expect(firstProblem(form({ floor: '99', bheight: '' }), ctx, [])?.field).toBe('floor');
    expect(firstProblem(form({ buildNo: '0', br: '99' }), ctx, [])?.field).toBe('buildNo');
  });

  it('checks required configurable fields in their order with their own messages', () => {
    const expected = ['请输入客户编号', '请输入委托方', '请输入产权人', '请输入证载地址', '请选择业务类型', '请输入楼栋'];
    let values = valid;
    const seen: string[] = [];
    for (const message of expected) {
      const problem = firstProblem(values, ctx, allRequired);
      expect(problem?.message).toBe(message);
      seen.push(problem!.message);
      values = { ...values, [problem!.field]: '1' };
    }
    expect(seen).toEqual(expected);
  });

  it('finds every problem of the form at once, in the specification order, one per field', () => {
    expect(allProblems(valid, ctx, [])).toEqual([]);
    expect(allProblems(form({ bldgArea: '', floor: '99', bheight: '', br: '21' }), ctx, [])).toEqual([
      { field: 'bldgArea', message: '请输入面积' },
      { field: 'floor', message: '请输入正确的楼层' },
      { field: 'bheight', message: '请输入总楼层' },
      { field: 'br', message: '请输入正确的室数！' },
    ]);
    expect(allProblems(form({ floor: '9', bheight: '6' }), ctx, []).map((p) => p.message)).toEqual(['不可大于总楼层']);
    const required = allProblems({ ...valid, face: '', intDeco: '' }, ctx, allRequired).map((p) => p.message);
    expect(required.slice(0, 6)).toEqual([
      '请输入客户编号',
      '请输入委托方',
      '请输入产权人',
      '请输入证载地址',
      '请选择业务类型',
      '请输入楼栋',
    ]);
    expect(required).toContain('请选择朝向');
  });

  it('gives an address problem alone', () => {
    const noAddress: ValuationContext = { ...ctx, subject: { kind: 'community', community: { haCode: '', haName: '', haAddress: '' } } };
    const problems = allProblems(form({ bldgArea: '', cardAddress: '' }), noAddress, []);
    expect(problems.map((p) => p.field)).toEqual(['address']);
  });

  it('skips hidden fields and the hall for non-residential property', () => {
    const hallRequired = allRequired.map((f) => ({ ...f, required: f.fieldKey === 'lr' }));
    expect(firstProblem(valid, ctx, hallRequired)).toEqual({ field: 'lr', message: '请输入厅数' });
    expect(firstProblem(valid, { ...ctx, propType: 22 }, hallRequired)).toBeNull();
    const hidden = hallRequired.map((f) => ({ ...f, display: false }));
    expect(firstProblem(valid, ctx, hidden)).toBeNull();
  });

  it('uses 间 and the wider limits for shops and offices', () => {
    const shop = { ...ctx, propType: 22 };
    expect(firstProblem(form({ br: '30' }), shop, [])).toBeNull();
    expect(firstProblem(form({ br: '101' }), shop, [])).toEqual({ field: 'br', message: '请输入正确的间数！' });
    expect(firstProblem(form({ ba: '50' }), shop, [])).toBeNull();
    expect(firstProblem(form({ ba: '51' }), shop, [])?.message).toBe('请输入正确的卫数！');
  });

  it('clears rooms, halls and baths when the property type changes between residential and not', () => {
    const filled = form({ br: '3', lr: '2', ba: '1' });
    expect(withPropType(filled, 22, 11)).toMatchObject({ br: '', lr: '', ba: '' });
    expect(withPropType(filled, 21, 22)).toBe(filled);
  });

  it('hides and clears the floor for detached, terraced and stacked houses', () => {
    for (const type of ['21', '22', '23']) {
      const next = withBuildingType(form({ floor: '3' }), type);
      expect(next.floor).toBe('');
      expect(firstProblem(next, ctx, [])).toBeNull();
    }
    expect(withBuildingType(form({ floor: '3' }), '13').floor).toBe('3');
  });

  it('says total floors may not be below the floor on blur, and clears an invalid area', () => {
    expect(totalFloorsProblem(form({ floor: '9', bheight: '6' }))).toBe('不可小于楼层');
    expect(totalFloorsProblem(form({ floor: '6', bheight: '9' }))).toBeNull();
    expect(clearsArea(firstProblem(form({ bldgArea: '0' }), ctx, []))).toBe(true);
    expect(clearsArea(firstProblem(form({ bldgArea: '' }), ctx, []))).toBe(false);
  });

  it('lists the precise section in the order of the specification', () => {
    expect(PRECISE_FIELDS).toEqual([
      'buildNo',
      'unit',
      'roomNo',
      'br',
      'lr',
      'ba',
      'face',
      'intDeco',
      'buildYear',
      'bldgType',
      'indoStru',
      'bldgstruCode',
    ]);
  });
});
