import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** Encodes an RGBA image as PNG; `pixel(x, y)` returns [r, g, b, a]. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => [number, number, number, number]): Buffer {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 4 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const [r, g, b, a] = pixel(x, y);
      raw.set([r, g, b, a], row + 1 + x * 4);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A square logo: a house on a rounded tile of the brand colour. */
export function demoLogoPng(size = 80, rgb: [number, number, number] = [28, 126, 214]): Buffer {
  const r = size * 0.2;
  return encodePng(size, size, (x, y) => {
    const cx = Math.min(Math.max(x, r), size - r);
    const cy = Math.min(Math.max(y, r), size - r);
    if ((x - cx) ** 2 + (y - cy) ** 2 > r * r) return [0, 0, 0, 0];
    const u = x / size;
    const v = y / size;
    const roof = v >= 0.22 && v <= 0.5 && Math.abs(u - 0.5) <= (v - 0.22) * 1.15;
    const walls = v > 0.48 && v <= 0.8 && u >= 0.27 && u <= 0.73;
    const door = v > 0.6 && v <= 0.8 && u >= 0.44 && u <= 0.56;
    if ((roof || walls) && !door) return [255, 255, 255, 255];
    return [...rgb, 255];
  });
}

/** A login background: a deep blue gradient with a faint city skyline. */
export function demoBackgroundPng(width = 1920, height = 1080): Buffer {
  const towers: { x0: number; x1: number; top: number }[] = [];
  let seed = 7;
  const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  for (let x = 0; x < width;) {
    const w = 40 + Math.floor(rand() * 90);
    towers.push({ x0: x, x1: x + w, top: height * (0.55 + rand() * 0.3) });
    x += w + 6 + Math.floor(rand() * 20);
  }
  return encodePng(width, height, (x, y) => {
    const t = y / height;
    const s = x / width;
    let r = 14 + 20 * s + 10 * t;
    let g = 52 + 60 * t + 20 * s;
    let b = 110 + 70 * t;
    const tower = towers.find((tw) => x >= tw.x0 && x < tw.x1);
    if (tower && y >= tower.top) {
      r += 18;
      g += 22;
      b += 30;
    }
    return [Math.min(255, r) | 0, Math.min(255, g) | 0, Math.min(255, b) | 0, 255];
  });
}

/** Pixels of a stroke mask: a pen of `radius` pixels stamped along a path, as coverage 0..1. */
function strokeMask(width: number, height: number, path: (t: number) => [number, number], radius: number, steps: number): Float32Array {
  const mask = new Float32Array(width * height);
  for (let i = 0; i <= steps; i++) {
    const [px, py] = path(i / steps);
    for (let y = Math.floor(py - radius - 1); y <= Math.ceil(py + radius + 1); y++) {
      for (let x = Math.floor(px - radius - 1); x <= Math.ceil(px + radius + 1); x++) {
        if (x < 0 || y < 0 || x >= width || y >= height) continue;
        const cover = Math.min(1, Math.max(0, radius + 0.5 - Math.hypot(x - px, y - py)));
        if (cover > mask[y * width + x]) mask[y * width + x] = cover;
      }
    }
  }
  return mask;
}

/** Whether (x, y) lies inside the polygon (even-odd rule). */
function insidePolygon(x: number, y: number, points: readonly [number, number][]): boolean {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i];
    const [xj, yj] = points[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** A demonstration seal: a red ring with a five-pointed star and a bar, on a transparent ground. */
export function demoSealPng(size = 240): Buffer {
  const c = size / 2;
  const star = Array.from({ length: 10 }, (_, i): [number, number] => {
    const radius = (i % 2 === 0 ? 0.17 : 0.065) * size;
    const angle = (i * Math.PI) / 5;
    return [c + radius * Math.sin(angle), c * 0.94 - radius * Math.cos(angle)];
  });
  return encodePng(size, size, (x, y) => {
    const d = Math.hypot(x + 0.5 - c, y + 0.5 - c) / size;
    const ring = d >= 0.43 && d <= 0.475;
    const bar = Math.abs(y - size * 0.72) <= size * 0.018 && Math.abs(x - c) <= size * 0.2;
    return ring || bar || insidePolygon(x + 0.5, y + 0.5, star) ? [200, 22, 29, 235] : [0, 0, 0, 0];
  });
}

/** A demonstration signature: one looping pen stroke in blue-black ink; `variant` changes its shape. */
export function demoSignaturePng(variant = 1, width = 300, height = 110): Buffer {
  const loops = 4 + variant;
  const path = (t: number): [number, number] => {
    const turn = t * Math.PI * 2 * loops;
    const swell = 1 - 0.5 * Math.abs(t - 0.4);
    return [
      width * (0.08 + 0.8 * t) - 16 * swell * Math.sin(turn),
      height * (0.5 - 0.08 * Math.sin(t * 5 + variant)) - 26 * swell * Math.cos(turn) * (0.6 + 0.4 * Math.sin(t * 7 * variant)),
    ];
  };
  const mask = strokeMask(width, height, path, 1.9, 6000);
  return encodePng(width, height, (x, y) => [24, 38, 84, Math.round(255 * mask[y * width + x])]);
}
