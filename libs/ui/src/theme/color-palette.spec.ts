import { buildColorTuple, luminance, parseCssColor, PRIMARY_SHADE } from './color-palette';

describe('parseCssColor', () => {
  it('reads the rgba form the site config stores', () => {
    expect(parseCssColor('rgba(28, 126, 214, 1)')).toEqual({ r: 28, g: 126, b: 214, a: 1 });
    expect(parseCssColor('rgba(12,166,120,0.5)')).toEqual({ r: 12, g: 166, b: 120, a: 0.5 });
    expect(parseCssColor('rgb(240 140 0)')).toEqual({ r: 240, g: 140, b: 0, a: 1 });
  });

  it('reads short and long hex', () => {
    expect(parseCssColor('#f00')).toEqual({ r: 255, g: 0, b: 0, a: 1 });
    expect(parseCssColor('#1C7ED6')).toEqual({ r: 28, g: 126, b: 214, a: 1 });
  });

  it('rejects what is not a colour', () => {
    expect(parseCssColor('')).toBeNull();
    expect(parseCssColor(null)).toBeNull();
    expect(parseCssColor('blue')).toBeNull();
    expect(parseCssColor('rgba(1, 2)')).toBeNull();
    expect(parseCssColor('#12345')).toBeNull();
  });
});

describe('buildColorTuple', () => {
  it('keeps the configured colour as the primary shade', () => {
    const tuple = buildColorTuple('rgba(28, 126, 214, 1)');
    expect(tuple).not.toBeNull();
    expect(tuple).toHaveLength(10);
    expect(tuple?.[PRIMARY_SHADE]).toBe('#1c7ed6');
  });

  it('gives the same tuple for the hex and rgba spellings', () => {
    expect(buildColorTuple('#e03131')).toEqual(buildColorTuple('rgba(224, 49, 49, 1)'));
  });

  it('runs from light to dark', () => {
    const tuple = buildColorTuple('#7048e8');
    if (!tuple) throw new Error('no tuple');
    const lum = tuple.map((hex) => luminance(parseCssColor(hex) ?? { r: 0, g: 0, b: 0 }));
    for (let i = 1; i < lum.length; i += 1) expect(lum[i]).toBeLessThan(lum[i - 1]);
    expect(lum[0]).toBeGreaterThan(0.8);
  });

  it('composites a translucent colour on white', () => {
    expect(buildColorTuple('rgba(0, 0, 0, 0.5)')?.[PRIMARY_SHADE]).toBe('#808080');
  });

  it('returns null for an unreadable colour', () => {
    expect(buildColorTuple('not-a-colour')).toBeNull();
  });
});
