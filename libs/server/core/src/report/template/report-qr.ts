import * as QRCode from 'qrcode';

/** Light modules around the symbol, as the QR standard asks. */
export const QR_QUIET_ZONE = 4;

/**
 * A QR code as SVG: the dark modules as one path of horizontal runs, one unit per module, a
 * quiet zone of 4 modules and a viewBox of the symbol's size, so it scales to any print size.
 */
export function qrSvg(text: string): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = modules.size;
  const box = size + 2 * QR_QUIET_ZONE;
  const runs: string[] = [];
  for (let row = 0; row < size; row++) {
    let col = 0;
    while (col < size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < size && modules.get(row, col)) col++;
      runs.push(`M${start + QR_QUIET_ZONE} ${row + QR_QUIET_ZONE}h${col - start}v1h-${col - start}z`);
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" class="qr" viewBox="0 0 ${box} ${box}" shape-rendering="crispEdges" role="img" aria-label="QR">` +
    `<rect width="${box}" height="${box}" fill="#fff"/><path fill="#000" d="${runs.join('')}"/></svg>`
  );
}
