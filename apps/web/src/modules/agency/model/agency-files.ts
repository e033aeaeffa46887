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
