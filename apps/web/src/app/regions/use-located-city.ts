import type { RegionItem } from '@valuation/contracts';
import type { Population } from '@valuation/domain';
import { useEffect, useState } from 'react';
import { locateCity } from './city-api';

const GEOLOCATION_TIMEOUT_MS = 6000;

/**
 * The city of the browser's position where the user allows it; null when it cannot be found. The
 * browser is asked once `enabled` is true (a picker may wait until it is opened).
 */
export function useLocatedCity(population: Population, enabled = true) {
  const [located, setLocated] = useState<RegionItem | null>(null);
  const [locating, setLocating] = useState(true);
  const [started, setStarted] = useState(enabled);
  if (enabled && !started) setStarted(true);

  useEffect(() => {
    if (!started) return;
    let active = true;
    const done = (city: RegionItem | null) => {
      if (!active) return;
      setLocated(city);
      setLocating(false);
    };
    if (!('geolocation' in navigator)) {
      done(null);
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        locateCity(population, pos.coords.longitude, pos.coords.latitude).then(done, () => done(null));
      },
      () => done(null),
      { timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 10 * 60_000 },
    );
    return () => {
      active = false;
    };
  }, [started, population]);

  return { located, locating };
}
