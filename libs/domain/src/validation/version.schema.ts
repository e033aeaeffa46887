import { z } from 'zod';
import { recordIdSchema } from './fields';

/**
 * The version of a workflow subject the caller saw, optional (empty counts as absent): with it, a
 * transition gets a conflict when the subject changed since, instead of acting on news the caller
 * has not seen.
 */
export const seenVersionSchema = (message: string) =>
  z.preprocess((v) => (v === undefined || v === null || v === '' ? undefined : v), recordIdSchema(message).optional());
