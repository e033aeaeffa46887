import type { RegionItem } from '@valuation/contracts';
import { useEffect, useState } from 'react';
import { locateCity } from '../api/quickval-api';

const GEOLOCATION_TIMEOUT_MS = 6000;

/** The city of the browser's position where the user allows it; null when it cannot be found. */
export function useLocatedCity() {
  const [located, setLocated] = useState<RegionItem | null>(null);
  const [locating, setLocating] = useState(true);

  useEffect(() => {
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
        locateCity(pos.coords.longitude, pos.coords.latitude).then(done, () => done(null));
      },
      () => done(null),
      { timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 10 * 60_000 },
    );
    return () => {
      active = false;
    };
  }, []);

  return { located, locating };
}
