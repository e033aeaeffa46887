import { z } from 'zod';

/**
 * Chinese text for the rules of zod itself (a type, a length, a bound), used where a schema names
 * no message of its own. A message a schema sets (the specifications' wording) always wins.
 */
export const ZodMsg = {
  required: '参数不能为空',
  invalid: '参数格式不正确',
  integer: '必须为整数',
  number: '必须为数字',
  choice: '参数取值不正确',
  oneOf: (values: readonly (number | string)[]) => `只能为${values.join('、')}`,
  unknownKeys: '包含不支持的参数',
  maxLength: (n: number | bigint) => `长度不能超过${n}个字符`,
  minLength: (n: number | bigint) => `长度不能少于${n}个字符`,
  maxItems: (n: number | bigint) => `最多${n}项`,
  minItems: (n: number | bigint) => `至少${n}项`,
  atMost: (n: number | bigint | Date) => `不能大于${formatBound(n)}`,
  below: (n: number | bigint | Date) => `必须小于${formatBound(n)}`,
  atLeast: (n: number | bigint | Date) => `不能小于${formatBound(n)}`,
  above: (n: number | bigint | Date) => `必须大于${formatBound(n)}`,
  tooLarge: '数值过大',
  tooSmall: '数值过小',
  multipleOf: (n: number | bigint) => `必须为${n}的倍数`,
  email: '请输入正确的邮箱',
  url: '网址格式不正确',
  date: '日期格式不正确',
  fileTooLarge: (bytes: number | bigint) => `文件不能超过${bytes}字节`,
} as const;

function formatBound(n: number | bigint | Date): string {
  if (n instanceof Date) {
    const pad = (v: number) => String(v).padStart(2, '0');
    return `${n.getFullYear()}/${pad(n.getMonth() + 1)}/${pad(n.getDate())}`;
  }
  return String(n);
}

const DATE_FORMATS = new Set(['date', 'datetime', 'time', 'duration']);

/** Values a choice lists in its message: numbers and Chinese words only (codes and keys are not shown to users). */
const showable = (values: readonly unknown[]): values is (number | string)[] =>
  values.length > 0 &&
  values.length <= 10 &&
  values.every((v) => typeof v === 'number' || (typeof v === 'string' && /^[^A-Za-z]+$/.test(v)));

function sizeMessage(issue: z.core.$ZodRawIssue<z.core.$ZodIssueTooBig | z.core.$ZodIssueTooSmall>): string {
  const big = issue.code === 'too_big';
  const bound = big ? (issue as z.core.$ZodIssueTooBig).maximum : (issue as z.core.$ZodIssueTooSmall).minimum;
  const inclusive = issue.inclusive !== false;
  switch (issue.origin) {
    case 'string':
      if (!big && Number(bound) <= 1) return ZodMsg.required;
      return big ? ZodMsg.maxLength(bound as number) : ZodMsg.minLength(bound as number);
    case 'array':
    case 'set':
      if (!big && Number(bound) <= 1) return ZodMsg.required;
      return big ? ZodMsg.maxItems(bound as number) : ZodMsg.minItems(bound as number);
    case 'file':
      return big ? ZodMsg.fileTooLarge(bound as number) : ZodMsg.required;
    case 'number':
    case 'int':
    case 'bigint':
    case 'date':
      // The safe-integer bounds zod adds to every integer are no rule of ours: say the number is too large.
      if (typeof bound === 'number' && Math.abs(bound) === Number.MAX_SAFE_INTEGER) return big ? ZodMsg.tooLarge : ZodMsg.tooSmall;
      if (big) return inclusive ? ZodMsg.atMost(bound) : ZodMsg.below(bound);
      return inclusive ? ZodMsg.atLeast(bound) : ZodMsg.above(bound);
    default:
      return big ? ZodMsg.tooLarge : ZodMsg.tooSmall;
  }
}

/** The Chinese message of one zod issue that its schema gave no message. */
export function chineseIssueMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return ZodMsg.required;
      if (issue.expected === 'int') return ZodMsg.integer;
      if (issue.expected === 'number' || issue.expected === 'bigint') return ZodMsg.number;
      return ZodMsg.invalid;
    case 'too_big':
    case 'too_small':
      return sizeMessage(issue);
    case 'invalid_format':
      if (issue.format === 'email') return ZodMsg.email;
      if (issue.format === 'url') return ZodMsg.url;
      if (DATE_FORMATS.has(issue.format)) return ZodMsg.date;
      return ZodMsg.invalid;
    case 'not_multiple_of':
      return ZodMsg.multipleOf(issue.divisor);
    case 'unrecognized_keys':
      return ZodMsg.unknownKeys;
    case 'invalid_value': {
      const values = issue.values as readonly unknown[];
      return showable(values) ? ZodMsg.oneOf(values) : ZodMsg.choice;
    }
    default:
      return ZodMsg.invalid;
  }
}

/**
 * Makes every zod schema of the process answer in Chinese. Installed when this library is loaded,
 * so the web forms and the API share it.
 */
export function installChineseZodMessages(): void {
  z.config({ customError: chineseIssueMessage });
}

installChineseZodMessages();
