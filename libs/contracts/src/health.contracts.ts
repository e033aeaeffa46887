import { z } from 'zod';

export const healthStatusSchema = z
  .object({
    status: z.enum(['ok', 'error']),
    checks: z.record(z.string(), z.enum(['up', 'down'])).optional(),
  })
  .meta({ id: 'HealthStatus' });
export type HealthStatus = z.infer<typeof healthStatusSchema>;
