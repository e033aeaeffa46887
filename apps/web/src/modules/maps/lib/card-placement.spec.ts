import { placeCard } from './card-placement';

const base = { card: { width: 200, height: 120 }, container: { width: 800, height: 600 }, markerHeight: 30, gap: 6, margin: 8 };

describe('placeCard', () => {
  it('centres the card above the marker when there is room', () => {
    expect(placeCard({ ...base, anchor: { x: 400, y: 300 } })).toEqual({ left: 300, top: 144, above: true });
  });

  it('goes below the point near the top edge', () => {
    expect(placeCard({ ...base, anchor: { x: 400, y: 100 } })).toEqual({ left: 300, top: 106, above: false });
  });

  it('stays inside the container horizontally', () => {
    expect(placeCard({ ...base, anchor: { x: 20, y: 300 } }).left).toBe(8);
    expect(placeCard({ ...base, anchor: { x: 790, y: 300 } }).left).toBe(592);
  });

  it('stays above in a container too short for either side, clamped to the top margin', () => {
    const placement = placeCard({ ...base, container: { width: 800, height: 200 }, anchor: { x: 400, y: 100 } });
    expect(placement).toEqual({ left: 300, top: 8, above: true });
  });
});
