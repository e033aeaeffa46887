import { planRefunds } from './quota-reservation.service';

describe('planRefunds', () => {
  it('gives each city its own reserved packages back first, in the order reserved, and rows of no known city to the nationwide packages', () => {
    const { refunds, uncovered } = planRefunds(
      [
        // Package 11 covers Beijing and Shanghai: reserved for both, it gets one refund.
        { kind: 'city', packageId: 11, cityCode: '110100', count: 3 },
        { kind: 'city', packageId: 12, cityCode: '110100', count: 2 },
        { kind: 'city', packageId: 11, cityCode: '310100', count: 4 },
        { kind: 'universal', packageId: 21, cityCode: null, count: 2 },
        { kind: 'universal', packageId: 22, cityCode: null, count: 3 },
      ],
      [
        { cityCode: '110100', n: 4 },
        { cityCode: '310100', n: 1 },
        { cityCode: null, n: 3 },
      ],
    );
    expect(refunds).toEqual([
      { kind: 'city', packageId: 11, count: 4 },
      { kind: 'city', packageId: 12, count: 1 },
      { kind: 'universal', packageId: 21, count: 2 },
      { kind: 'universal', packageId: 22, count: 1 },
    ]);
    expect(uncovered).toBe(0);
  });

  it('sends the rows a city package did not pay for to the nationwide packages, and never more than was reserved', () => {
    const { refunds, uncovered } = planRefunds(
      [
        { kind: 'city', packageId: 11, cityCode: '110100', count: 2 },
        { kind: 'universal', packageId: 21, cityCode: null, count: 1 },
      ],
      [
        { cityCode: '110100', n: 3 },
        { cityCode: null, n: 2 },
      ],
    );
    expect(refunds).toEqual([
      { kind: 'city', packageId: 11, count: 2 },
      { kind: 'universal', packageId: 21, count: 1 },
    ]);
    expect(uncovered).toBe(2);
  });

  it('gives what the nationwide packages cannot take to city packages with reserved counts left', () => {
    const { refunds, uncovered } = planRefunds(
      [
        { kind: 'city', packageId: 11, cityCode: '110100', count: 5 },
        { kind: 'universal', packageId: 21, cityCode: null, count: 1 },
      ],
      [{ cityCode: null, n: 3 }],
    );
    expect(refunds).toEqual([
      { kind: 'city', packageId: 11, count: 2 },
      { kind: 'universal', packageId: 21, count: 1 },
    ]);
    expect(uncovered).toBe(0);
  });

  it('gives nothing back when every row was valued', () => {
    expect(planRefunds([{ kind: 'universal', packageId: 21, cityCode: null, count: 4 }], [{ cityCode: '110100', n: 0 }])).toEqual({
      refunds: [],
      uncovered: 0,
    });
  });
});
