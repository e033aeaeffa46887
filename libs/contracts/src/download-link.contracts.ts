import { z } from 'zod';

/** A short-lived, single-use link to one download, for opening by navigation (no session token in it). */
export const downloadLinkSchema = z
  .object({
    /** The download's path and query with the `ticket` parameter, relative to the API's origin. */
    url: z.string(),
    /** Seconds the link stays valid. */
    expiresIn: z.number().int(),
  })
  .meta({ id: 'DownloadLink' });
export type DownloadLink = z.infer<typeof downloadLinkSchema>;
