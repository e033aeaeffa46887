import { z } from 'zod';
import { recordIdSchema } from '../validation/fields';

/** Text of a catalogue form, trimmed; a missing value is empty text. */
const trimmed = (message: string) =>
  z.preprocess((v) => (v === undefined || v === null ? '' : typeof v === 'string' ? v.trim() : v), z.string({ message }));

/** A required name of at most `max` characters. */
export const catalogueName = (max: number, required: string, tooLong: string) =>
  trimmed(required).pipe(z.string().min(1, required).max(max, tooLong));

/** An optional remark of at most `max` characters (empty when absent). */
export const catalogueRemark = (max: number, tooLong: string) => trimmed(tooLong).pipe(z.string().max(max, tooLong));

/** The id of the record edited or deleted; anything but a positive id of an int column gets `message`. */
export const catalogueId = (message: string) => z.preprocess((v) => (v === '' || v === null ? undefined : v), recordIdSchema(message));
