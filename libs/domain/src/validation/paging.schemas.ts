import { z } from 'zod';

/** pageIndex from 1; pageSize one of the sizes a screen offers. */
export function pageQuerySchema(sizes: readonly number[] = [10, 50, 100, 200], defaultSize = sizes[0]) {
  return z.object({
    pageIndex: z.coerce.number().int().min(1, '页码不正确').max(100000, '页码不正确').default(1),
    pageSize: z.coerce
      .number()
      .int()
      .refine((n) => sizes.includes(n), `每页条数只能为${sizes.join('、')}`)
      .default(defaultSize),
  });
}
