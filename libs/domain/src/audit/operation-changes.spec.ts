import { describeChanges, fieldChanges, hasChanges, HIDDEN_VALUE } from './operation-changes';

describe('fieldChanges', () => {
  it('keeps only the fields that changed, with their old and new values', () => {
    const changes = fieldChanges({ name: '按揭', remark: '', roleIds: [1, 2] }, { name: '按揭贷款', remark: undefined, roleIds: [1, 2] });
    expect(changes).toEqual({ before: { name: '按揭' }, after: { name: '按揭贷款' } });
    expect(hasChanges(changes)).toBe(true);
  });

  it('sees a change in a list of ids', () => {
    expect(fieldChanges({ roleIds: [1, 2] }, { roleIds: [1, 3] })).toEqual({ before: { roleIds: [1, 2] }, after: { roleIds: [1, 3] } });
  });

  it('lists every filled field of a created or a deleted record', () => {
    expect(fieldChanges(null, { name: '其他贷款', remark: '' })).toEqual({ before: {}, after: { name: '其他贷款' } });
    expect(fieldChanges({ name: '其他贷款', remark: '备注' }, null)).toEqual({ before: { name: '其他贷款', remark: '备注' }, after: {} });
  });

  it('never keeps the value of a password or token', () => {
    const changes = fieldChanges({ password: 'old-secret' }, { password: 'new-secret' });
    expect(changes).toEqual({ before: { password: HIDDEN_VALUE }, after: { password: HIDDEN_VALUE } });
    expect(JSON.stringify(fieldChanges(null, { loginUser: 'zhang01', password: 'Secret@1' }))).not.toContain('Secret@1');
  });

  it('finds nothing when nothing changed', () => {
    expect(hasChanges(fieldChanges({ name: 'a', status: 0 }, { name: 'a', status: 0 }))).toBe(false);
  });
});

describe('describeChanges', () => {
  const labels = { name: '名称', remark: '备注', status: '状态' };

  it('words an edit field by field with the labels', () => {
    expect(describeChanges(fieldChanges({ name: '按揭', remark: '' }, { name: '按揭贷款', remark: '个人住房' }), labels)).toBe(
      '名称：按揭 → 按揭贷款；备注：空 → 个人住房',
    );
  });

  it('lists the values of a created or deleted record, and the key of a field without a label', () => {
    expect(describeChanges(fieldChanges(null, { name: '其他贷款', code: '0003' }), labels)).toBe('名称：其他贷款；code：0003');
    expect(describeChanges(fieldChanges({ name: '其他贷款', roleIds: [3, 4] }, null), labels)).toBe('名称：其他贷款；roleIds：3、4');
  });
});
