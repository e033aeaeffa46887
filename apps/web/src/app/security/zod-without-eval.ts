import { z } from 'zod';

/*
 * The Content-Security-Policy allows no eval. Zod probes for it (new Function) when it builds its
 * first object schema, and a strict policy reports that probe as a violation even though zod
 * copes; jitless mode skips it. main.tsx imports this module first, before any schema is built.
 */
z.config({ jitless: true });
