import { z } from 'zod';
import {
  BusinessMsg,
  businessAddSchema,
  businessDeleteSchema,
  businessEditSchema,
  categoryInUseMessage,
  CustomerCategoryMsg,
  customerCategoryAddSchema,
  customerCategoryEditSchema,
  personLabel,
} from './index';

const messages = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('business type rules', () => {
  it('trims the name and remark and keeps a missing remark empty', () => {
    expect(businessAddSchema.parse({ name: ' 按揭贷款 ' })).toEqual({ name: '按揭贷款', remark: '' });
    expect(businessEditSchema.parse({ id: '7', name: '其他贷款', remark: ' 备注 ' })).toEqual({ id: 7, name: '其他贷款', remark: '备注' });
  });

  it('requires a name of at most 20 characters and a remark of at most 100', () => {
    expect(messages(businessAddSchema, {})).toEqual([BusinessMsg.nameRequired]);
    expect(messages(businessAddSchema, { name: '   ' })).toEqual([BusinessMsg.nameRequired]);
    expect(messages(businessAddSchema, { name: '业'.repeat(20), remark: '备'.repeat(100) })).toEqual([]);
    expect(messages(businessAddSchema, { name: '业'.repeat(21), remark: '备'.repeat(101) })).toEqual([
      BusinessMsg.nameTooLong,
      BusinessMsg.remarkTooLong,
    ]);
  });

  it('refuses a missing or malformed id', () => {
    expect(messages(businessEditSchema, { name: '按揭贷款' })).toEqual([BusinessMsg.notFound]);
    for (const id of ['', 'abc', '0', '-1', '1.5', '2147483648'])
      expect(messages(businessDeleteSchema, { id })).toEqual([BusinessMsg.notFound]);
  });

  it('shows a person as id(name)', () => {
    expect(personLabel(12, '张三')).toBe('12(张三)');
    expect(personLabel(null, '系统')).toBe('系统');
    expect(personLabel(null, null)).toBe('');
  });
});

describe('customer category rules', () => {
  it('requires a name of at most 20 characters and a remark of at most 100', () => {
    expect(customerCategoryAddSchema.parse({ name: ' 银行 ', remark: null })).toEqual({ name: '银行', remark: '' });
    expect(messages(customerCategoryAddSchema, { remark: '' })).toEqual([CustomerCategoryMsg.nameRequired]);
    expect(messages(customerCategoryAddSchema, { name: '类'.repeat(21), remark: '备'.repeat(101) })).toEqual([
      CustomerCategoryMsg.nameTooLong,
      CustomerCategoryMsg.remarkTooLong,
    ]);
    expect(messages(customerCategoryEditSchema, { id: 'x', name: '银行' })).toEqual([CustomerCategoryMsg.notFound]);
  });

  it('names how many companies hold a category that cannot be deleted', () => {
    expect(categoryInUseMessage(3)).toContain('3家客户公司');
  });
});
