import { Paper } from '@mantine/core';
import type { NearbyCommunity } from '@valuation/contracts';
import type L from 'leaflet';
import { useLayoutEffect, useRef, useState } from 'react';
import { placeCard, type CardPlacement } from '../lib/card-placement';
import { CommunityCard } from './CommunityCard';

export interface CommunityHoverCardProps {
  map: L.Map;
  community: NearbyCommunity;
  /** The community's marker position on the map. */
  at: L.LatLng;
  onSelect?: () => void;
  onMouseEnter: () => void;
  onMouseLeave: () => void;
}

/** Height of the community label above its point, kept clear by the card. */
const LABEL_HEIGHT = 30;

/**
 * The hover card of a community, drawn over the map beside its marker and kept inside the map
 * (below the marker when there is no room above), following the map as it moves.
 */
export function CommunityHoverCard({ map, community, at, onSelect, onMouseEnter, onMouseLeave }: CommunityHoverCardProps) {
  const card = useRef<HTMLDivElement>(null);
  const [placement, setPlacement] = useState<CardPlacement | null>(null);

  useLayoutEffect(() => {
    const place = () => {
      const el = card.current;
      if (!el) return;
      const size = map.getSize();
      setPlacement(
        placeCard({
          anchor: map.latLngToContainerPoint(at),
          card: { width: el.offsetWidth, height: el.offsetHeight },
          container: { width: size.x, height: size.y },
          markerHeight: LABEL_HEIGHT,
        }),
      );
    };
    place();
    map.on('move zoom resize', place);
    return () => {
      map.off('move zoom resize', place);
    };
  }, [map, at, community]);

  return (
    <Paper
      ref={card}
      shadow="md"
      radius="md"
      p="sm"
      withBorder
      onMouseEnter={onMouseEnter}
      onMouseLeave={onMouseLeave}
      style={{
        position: 'absolute',
        zIndex: 1100,
        left: placement?.left ?? 0,
        top: placement?.top ?? 0,
        visibility: placement ? 'visible' : 'hidden',
      }}
    >
      <CommunityCard community={community} onSelect={onSelect} />
    </Paper>
  );
}
