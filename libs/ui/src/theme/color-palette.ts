import type { MantineColorsTuple } from '@mantine/core';

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export interface Rgba extends Rgb {
  a: number;
}

const HEX_PATTERN = /^#?([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const RGB_PATTERN = /^rgba?\(\s*([^)]*)\)$/i;

const clampChannel = (v: number) => Math.min(255, Math.max(0, Math.round(v)));
const clampAlpha = (v: number) => Math.min(1, Math.max(0, v));

/** Parses `#rgb`, `#rrggbb` (with optional alpha digits), `rgb(r, g, b)` and `rgba(r, g, b, a)`. */
export function parseCssColor(input: string | null | undefined): Rgba | null {
  if (!input) return null;
  const text = input.trim();
  const hex = HEX_PATTERN.exec(text);
  if (hex) {
    let digits = hex[1];
    if (digits.length <= 4)
      digits = digits
        .split('')
        .map((d) => d + d)
        .join('');
    const n = (i: number) => parseInt(digits.slice(i, i + 2), 16);
    return { r: n(0), g: n(2), b: n(4), a: digits.length === 8 ? n(6) / 255 : 1 };
  }
  const fn = RGB_PATTERN.exec(text);
  if (fn) {
    const parts = fn[1].split(/[\s,/]+/).filter(Boolean);
    if (parts.length < 3 || parts.length > 4) return null;
    const channels = parts.slice(0, 3).map((p) => (p.endsWith('%') ? (parseFloat(p) * 255) / 100 : parseFloat(p)));
    if (channels.some((c) => Number.isNaN(c))) return null;
    let a = 1;
    if (parts[3] !== undefined) {
      a = parts[3].endsWith('%') ? parseFloat(parts[3]) / 100 : parseFloat(parts[3]);
      if (Number.isNaN(a)) return null;
    }
    return { r: clampChannel(channels[0]), g: clampChannel(channels[1]), b: clampChannel(channels[2]), a: clampAlpha(a) };
  }
  return null;
}

export function toHex({ r, g, b }: Rgb): string {
  return '#' + [r, g, b].map((c) => clampChannel(c).toString(16).padStart(2, '0')).join('');
}

function mix(from: Rgb, to: Rgb, amount: number): Rgb {
  return {
    r: from.r + (to.r - from.r) * amount,
    g: from.g + (to.g - from.g) * amount,
    b: from.b + (to.b - from.b) * amount,
  };
}

const WHITE: Rgb = { r: 255, g: 255, b: 255 };
const BLACK: Rgb = { r: 0, g: 0, b: 0 };

/** Index of the tuple that holds the configured colour itself; the theme uses it as primary shade. */
export const PRIMARY_SHADE = 6;

/**
 * Builds the ten-shade tuple Mantine needs from one CSS colour: shades 0-5 are tints towards white,
 * 6 is the colour as configured, 7-9 are shades towards black. A translucent colour is first
 * composited on white, which is how it looks on the pages. Returns null for an unparsable colour.
 */
export function buildColorTuple(input: string | null | undefined): MantineColorsTuple | null {
  const parsed = parseCssColor(input);
  if (!parsed) return null;
  const base = mix(WHITE, parsed, parsed.a);
  const tint = (amount: number) => toHex(mix(base, WHITE, amount));
  const shade = (amount: number) => toHex(mix(base, BLACK, amount));
  return [tint(0.92), tint(0.82), tint(0.68), tint(0.52), tint(0.36), tint(0.18), toHex(base), shade(0.14), shade(0.28), shade(0.42)];
}

/** Relative luminance (WCAG), used to pick readable text on a coloured surface. */
export function luminance({ r, g, b }: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}
