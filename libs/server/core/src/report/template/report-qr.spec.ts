import * as QRCode from 'qrcode';
import { QR_QUIET_ZONE, qrSvg } from './report-qr';

/** The dark modules an SVG of qrSvg draws, as a size × size matrix without the quiet zone. */
function decode(svg: string): { size: number; dark: boolean[][] } {
  const box = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)![1]);
  const size = box - 2 * QR_QUIET_ZONE;
  const dark = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  const paths = [...svg.matchAll(/<path[^>]* d="([^"]*)"/g)];
  expect(paths).toHaveLength(1);
  for (const run of paths[0][1].matchAll(/M(\d+) (\d+)h(\d+)v1h-(\d+)z/g)) {
    const [x, y, w, back] = run.slice(1).map(Number);
    expect(back).toBe(w);
    for (let col = x; col < x + w; col++) {
      expect(dark[y - QR_QUIET_ZONE][col - QR_QUIET_ZONE]).toBe(false);
      dark[y - QR_QUIET_ZONE][col - QR_QUIET_ZONE] = true;
    }
  }
  return { size, dark };
}

describe('qrSvg', () => {
  it.each(['https://report.example.cn/verify/XJ202611200123456789', 'https://valuation.example.com/verify/ZX20261120' + '9'.repeat(60)])(
    'draws exactly the modules of QRCode.create (%s)',
    (text) => {
      const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
      const svg = qrSvg(text);
      const { size, dark } = decode(svg);
      expect(size).toBe(modules.size);
      let count = 0;
      for (let row = 0; row < size; row++) {
        for (let col = 0; col < size; col++) {
          expect(dark[row][col]).toBe(Boolean(modules.get(row, col)));
          if (dark[row][col]) count++;
        }
      }
      expect(count).toBe(modules.data.reduce((sum: number, bit: number) => sum + (bit ? 1 : 0), 0));
    },
  );

  it('keeps a quiet zone of 4 modules and scales by its viewBox', () => {
    const svg = qrSvg('https://report.example.cn/verify/XJ1');
    const size = QRCode.create('https://report.example.cn/verify/XJ1', { errorCorrectionLevel: 'M' }).modules.size;
    expect(svg).toContain(`viewBox="0 0 ${size + 8} ${size + 8}"`);
    expect(/^<svg[^>]*>/.exec(svg)![0]).not.toMatch(/\s(?:width|height)=/);
    const coords = [...svg.matchAll(/M(\d+) (\d+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(Math.min(...coords.map(([x]) => x))).toBe(4);
    expect(Math.min(...coords.map(([, y]) => y))).toBe(4);
    expect(Math.max(...coords.map(([, y]) => y))).toBe(size + 3);
  });
});
