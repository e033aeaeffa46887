import { businessAddSchema, businessEditSchema, BusinessMsg, customerCategoryEditSchema } from '@valuation/domain';
import { initialNameRemark, nameRemarkRequest } from './name-remark-form';

describe('the name-and-remark form', () => {
  const edit = { kind: 'edit', id: 7, name: '按揭贷款', remark: '个人住房' } as const;

  it('starts empty for add and from the record for edit', () => {
    expect(initialNameRemark({ kind: 'add' })).toEqual({ name: '', remark: '' });
    expect(initialNameRemark(edit)).toEqual({ name: '按揭贷款', remark: '个人住房' });
  });

  it('sends the id on edit only, in the shape the server checks', () => {
    expect(businessAddSchema.parse(nameRemarkRequest({ kind: 'add' }, { name: '经营贷款', remark: '' }))).toEqual({
      name: '经营贷款',
      remark: '',
    });
    expect(businessEditSchema.parse(nameRemarkRequest(edit, { name: '家装贷款', remark: '' }))).toEqual({
      id: 7,
      name: '家装贷款',
      remark: '',
    });
    expect(customerCategoryEditSchema.parse(nameRemarkRequest(edit, { name: '银行', remark: '国有' }))).toEqual({
      id: 7,
      name: '银行',
      remark: '国有',
    });
    expect(businessEditSchema.safeParse(nameRemarkRequest(edit, { name: '', remark: '' })).error?.issues[0].message).toBe(
      BusinessMsg.nameRequired,
    );
  });
});
