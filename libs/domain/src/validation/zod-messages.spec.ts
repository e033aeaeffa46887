import { z } from 'zod';
import { Msg } from './messages';
import { pageQuerySchema } from './paging.schemas';
import { validate } from './validate';
import { ZodMsg } from './zod-messages';

const messageOf = (schema: z.ZodType, input: unknown) => {
  const r = validate(schema, input);
  if (r.ok) throw new Error('expected the input to be refused');
  return r.message;
};

const LATIN_WORD = /[A-Za-z]{2,}/;

describe('Chinese messages for zod rules', () => {
  it('answers a page index that is no number in Chinese (zod says "Invalid input" by default)', () => {
    expect(messageOf(pageQuerySchema(), { pageIndex: 'abc' })).toBe(ZodMsg.number);
  });

  it('keeps the message a schema sets itself', () => {
    expect(messageOf(pageQuerySchema(), { pageIndex: 0 })).toBe('页码不正确');
    expect(messageOf(z.object({ a: z.string({ message: Msg.emailRequired }) }), {})).toBe(Msg.emailRequired);
    expect(messageOf(z.string().max(3, '太长了'), 'abcd')).toBe('太长了');
  });

  it('names each rule in Chinese', () => {
    const cases: [z.ZodType, unknown, string][] = [
      [z.object({ a: z.string() }), {}, ZodMsg.required],
      [z.string(), null, ZodMsg.required],
      [z.string(), 5, ZodMsg.invalid],
      [z.string(), ['a'], ZodMsg.invalid],
      [z.number(), 'x', ZodMsg.number],
      [z.coerce.number(), 'NaN', ZodMsg.number],
      [z.number().int(), 1.5, ZodMsg.integer],
      [z.number().int(), 2 ** 60, ZodMsg.tooLarge],
      [z.string().min(1), '', ZodMsg.required],
      [z.string().min(3), 'ab', ZodMsg.minLength(3)],
      [z.string().max(50), 'x'.repeat(100_000), ZodMsg.maxLength(50)],
      [z.array(z.string()).max(2), ['a', 'b', 'c'], ZodMsg.maxItems(2)],
      [z.number().max(10), 11, ZodMsg.atMost(10)],
      [z.number().positive(), 0, ZodMsg.above(0)],
      [z.number().min(1), 0, ZodMsg.atLeast(1)],
      [z.number().multipleOf(5), 7, ZodMsg.multipleOf(5)],
      [z.email(), 'not-an-email', ZodMsg.email],
      [z.url(), 'nope', ZodMsg.url],
      [z.string().regex(/^\d+$/), 'abc', ZodMsg.invalid],
      [z.strictObject({ a: z.string() }), { a: 'x', extra: 1 }, ZodMsg.unknownKeys],
      [z.union([z.number(), z.boolean()]), 'x', ZodMsg.invalid],
      [z.enum(['1', '2']), '3', ZodMsg.oneOf(['1', '2'])],
      [z.literal(1), 2, ZodMsg.oneOf([1])],
      [z.enum(['attachment', 'report']), 'x', ZodMsg.choice],
      [z.boolean(), 'yes', ZodMsg.invalid],
      [z.object({ a: z.object({ b: z.number() }) }), { a: { b: null } }, ZodMsg.required],
    ];
    for (const [schema, input, expected] of cases) {
      const message = messageOf(schema, input);
      expect({ input, message }).toEqual({ input, message: expected });
      expect(message).not.toMatch(LATIN_WORD);
    }
  });

  it('gives every field of a failed form a Chinese message', () => {
    const r = validate(z.object({ a: z.number(), b: z.string().max(2), c: z.boolean() }), { a: 'x', b: 'long', c: 'no' });
    expect(r).toMatchObject({ ok: false, errors: { a: ZodMsg.number, b: ZodMsg.maxLength(2), c: ZodMsg.invalid } });
  });
});
