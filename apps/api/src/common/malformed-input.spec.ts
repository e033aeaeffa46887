import { MAX_INPUT_DEPTH, textProblem, textProblemError } from './malformed-input';

describe('textProblem', () => {
  it('finds a NUL character in any text or key of the input and names where', () => {
    expect(textProblem({ a: 'ok', houseInfo: { cityName: 'x\u0000y' } })).toEqual({
      field: 'houseInfo.cityName',
      message: '参数不能包含空字符',
    });
    expect(textProblem({ list: ['a', 'b\u0000'] })).toEqual({ field: 'list.1', message: '参数不能包含空字符' });
    expect(textProblem({ outer: { 'bad\u0000key': '1' } })).toEqual({ field: 'outer', message: '参数不能包含空字符' });
    expect(textProblem('\u0000')).toEqual({ field: '', message: '参数不能包含空字符' });
  });

  it('passes ordinary input, other control characters and non-text values', () => {
    expect(textProblem({ a: '北京\u0001\t', b: 3, c: null, d: true, e: [1, { f: '𠮷' }] })).toBeUndefined();
    expect(textProblem(undefined)).toBeUndefined();
  });

  it('refuses nesting beyond the limit without recursing, however deep', () => {
    const nested = (depth: number) => {
      let value: unknown = 'leaf';
      for (let i = 0; i < depth; i++) value = { a: value };
      return value;
    };
    expect(textProblem(nested(MAX_INPUT_DEPTH))).toBeUndefined();
    expect(textProblem(nested(MAX_INPUT_DEPTH + 1))).toMatchObject({ message: '参数层级过深' });
    expect(textProblem(nested(1_000_000))).toMatchObject({ message: '参数层级过深' });
  });

  it('answers like a validation failure', () => {
    const err = textProblemError({ field: 'userName', message: '参数不能包含空字符' });
    expect(err).toMatchObject({
      code: 400,
      message: '参数不能包含空字符',
      data: { field: 'userName', errors: { userName: '参数不能包含空字符' } },
    });
  });
});
