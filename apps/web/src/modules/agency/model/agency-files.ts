import { agencyPickedFilesProblem, type AgencyFileKind } from '@valuation/domain';

export interface PickedFile {
  name: string;
  size: number;
}

/** The files after a pick, or the first problem of the whole list (count, size, type); the list is kept on a problem. */
export function addPickedFiles<F extends PickedFile>(
  kind: AgencyFileKind,
  current: readonly F[],
  picked: readonly F[],
): { ok: true; files: F[] } | { ok: false; message: string } {
  const next = [...current, ...picked];
  if (picked.length === 0) return { ok: true, files: next };
  /* A pick adds one file at least, so the reply's minimum of one is met and the whole list is checked. */
  const problem = agencyPickedFilesProblem(kind, next);
  return problem ? { ok: false, message: problem } : { ok: true, files: next };
}

export const DOWNLOAD_INTERVAL_MS = 1000;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Starts the downloads one after another, one per second (browsers drop rapid successive
 * downloads). A failed file does not stop the others; resolves with the number that failed.
 */
export async function downloadOneBySecond<F>(
  files: readonly F[],
  download: (file: F) => Promise<unknown>,
  wait: (ms: number) => Promise<void> = pause,
): Promise<number> {
  let failed = 0;
  for (let i = 0; i < files.length; i += 1) {
    if (i > 0) await wait(DOWNLOAD_INTERVAL_MS);
    try {
      await download(files[i]);
    } catch {
      failed += 1;
    }
  }
  return failed;
}
