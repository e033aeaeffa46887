import { z } from 'zod';

/** Largest value of a PostgreSQL integer (int4) column: serial ids and versions. */
export const INT4_MAX = 2_147_483_647;

/** The largest id accepted for each kind of id column (a bigint id is kept to what a number holds exactly). */
export const RECORD_ID_MAX = { int: INT4_MAX, bigint: Number.MAX_SAFE_INTEGER } as const;

/**
 * The id of a record in a query or form: a positive whole number its column can hold (`int` for
 * serial ids and versions, `bigint` for bigserial ids). Anything else (text, a fraction, zero, a
 * number beyond the column) gets `message`, so no such value reaches a query.
 */
export const recordIdSchema = (message: string, column: keyof typeof RECORD_ID_MAX = 'int') =>
  z.coerce.number({ message }).int(message).positive(message).max(RECORD_ID_MAX[column], message);
