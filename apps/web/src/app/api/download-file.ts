/** The file name of a `Content-Disposition` header: `filename*` (UTF-8) first, then `filename`. */
export function fileNameFromDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      /* a malformed filename* falls back to filename */
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || undefined;
}

/**
 * Follows a link as a download: the page stays where it is, whatever the answer. An empty name
 * keeps the one the server gives (Content-Disposition).
 */
export function clickDownload(href: string, fileName = ''): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** Hands a downloaded file to the browser as a save. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  clickDownload(href, fileName);
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
