export const isNumber = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

export function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
