import type { BusinessView } from '@valuation/contracts';
import { businessAddSchema, businessEditSchema, BusinessMsg } from '@valuation/domain';
import { businessRequest, initialBusinessForm } from './business-form';

const row: BusinessView = {
  id: 7,
  businessName: '按揭贷款',
  businessRemark: '个人住房',
  createTime: '2026-01-02 03:04:05',
  createBy: null,
  createName: '系统',
  updateTime: '2026-01-02 03:04:05',
  updateBy: 3,
  updateName: '演示管理员',
};

describe('the business form', () => {
  it('starts empty for add and from the row for edit', () => {
    expect(initialBusinessForm({ kind: 'add' })).toEqual({ name: '', remark: '' });
    expect(initialBusinessForm({ kind: 'edit', row })).toEqual({ name: '按揭贷款', remark: '个人住房' });
  });

  it('sends the id on edit only, in the shape the server checks', () => {
    const add = businessRequest({ kind: 'add' }, { name: '经营贷款', remark: '' });
    expect(businessAddSchema.parse(add)).toEqual({ name: '经营贷款', remark: '' });
    const edit = businessRequest({ kind: 'edit', row }, { name: '家装贷款', remark: '' });
    expect(businessEditSchema.parse(edit)).toEqual({ id: 7, name: '家装贷款', remark: '' });
    expect(businessEditSchema.safeParse(businessRequest({ kind: 'edit', row }, { name: '', remark: '' })).error?.issues[0].message).toBe(
      BusinessMsg.nameRequired,
    );
  });
});
