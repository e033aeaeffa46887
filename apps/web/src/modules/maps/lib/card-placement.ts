export interface CardPlacement {
  left: number;
  top: number;
  /** Whether the card sits above the anchor (else below it). */
  above: boolean;
}

export interface PlacementInput {
  /** The marker's point in container pixels. */
  anchor: { x: number; y: number };
  card: { width: number; height: number };
  container: { width: number; height: number };
  /** Room kept above the point for the marker itself. */
  markerHeight: number;
  gap?: number;
  margin?: number;
}

/**
 * Where a hover card goes: centred over the marker when it fits above, else below the point, and
 * kept inside the container horizontally (and vertically as far as it can be).
 */
export function placeCard({ anchor, card, container, markerHeight, gap = 6, margin = 8 }: PlacementInput): CardPlacement {
  const aboveTop = anchor.y - markerHeight - gap - card.height;
  const above = aboveTop >= margin || anchor.y + gap + card.height > container.height - margin;
  const rawTop = above ? aboveTop : anchor.y + gap;
  const top = Math.max(margin, Math.min(rawTop, container.height - card.height - margin));
  const left = Math.max(margin, Math.min(anchor.x - card.width / 2, container.width - card.width - margin));
  return { left: Math.round(left), top: Math.round(top), above };
}
