/** The size of an attachment as the lists show it: `2.4M` or `312K` (at least `1K`). */
export function fileSizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)}M` : `${Math.max(1, Math.round(bytes / 1024))}K`;
}
