import { containsPattern, escapeLike, prefixPattern } from './like';

describe('LIKE escaping', () => {
  it('escapes the wildcards and the escape character', () => {
    expect(escapeLike('100%_a\\b')).toBe('100\\%\\_a\\\\b');
    expect(containsPattern('5_%')).toBe('%5\\_\\%%');
    expect(prefixPattern('北京')).toBe('北京%');
  });
});
