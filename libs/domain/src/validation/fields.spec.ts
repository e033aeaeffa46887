import { INT4_MAX, recordIdSchema } from './fields';
import { validate } from './validate';

describe('record ids', () => {
  const id = recordIdSchema('记录不存在');
  const bigId = recordIdSchema('记录不存在', 'bigint');

  it('takes a positive whole number up to the largest int4, as text or number', () => {
    expect(id.parse('7')).toBe(7);
    expect(id.parse(INT4_MAX)).toBe(INT4_MAX);
  });

  it('refuses what no int4 id can be with the schema message, never a database error later', () => {
    for (const bad of [INT4_MAX + 1, '2147483648', '99999999999', '1e20', 0, -1, 1.5, 'abc', 'NaN', 'Infinity', '', null, ['1', '2']]) {
      const r = validate(id, bad);
      expect(r).toMatchObject({ ok: false, message: '记录不存在' });
    }
  });

  it('lets bigint ids go up to the largest exact integer', () => {
    expect(bigId.parse(String(INT4_MAX + 1))).toBe(INT4_MAX + 1);
    expect(validate(bigId, '9007199254740993')).toMatchObject({ ok: false, message: '记录不存在' });
  });
});
