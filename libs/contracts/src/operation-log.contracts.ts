import { z } from 'zod';

export const operationLogRowSchema = z
  .object({
    id: z.string().describe('Row id (bigint as text).'),
    operateBy: z.number().describe('Id of the operator: a staff account of the channel or a customer account.'),
    operatorType: z.literal([1, 2]).describe('1 channel staff, 2 customer account.'),
    loginUser: z.string().describe('The operator’s login name.'),
    operateName: z.string().describe('The operator’s name.'),
    companyName: z.string().describe('Customer company of a customer account; empty for channel staff.'),
    operateTime: z.string().describe('yyyy-MM-dd HH:mm:ss'),
    operateLog: z.string().describe('What was done: the action, then the record and its changed fields.'),
    ip: z.string().describe('Address the request came from.'),
  })
  .meta({ id: 'OperationLogRow', description: 'GET /api/tenant/logs/list rows.' });
export type OperationLogRow = z.infer<typeof operationLogRowSchema>;
