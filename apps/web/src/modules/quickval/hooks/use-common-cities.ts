import type { RegionItem } from '@valuation/contracts';
import { useCallback, useState } from 'react';
import { parseCommonCities, pushCommonCity } from '../model/common-cities';

const KEY = 'commonCity';

function load(): RegionItem[] {
  try {
    return parseCommonCities(window.localStorage.getItem(KEY));
  } catch {
    return [];
  }
}

/** The user's common cities, kept in local storage (key commonCity). */
export function useCommonCities() {
  const [cities, setCities] = useState<RegionItem[]>(load);
  const remember = useCallback((city: RegionItem) => {
    setCities((current) => {
      const next = pushCommonCity(current, city);
      try {
        window.localStorage.setItem(KEY, JSON.stringify(next));
      } catch {
        /* storage full or disabled: the list lives for this page only */
      }
      return next;
    });
  }, []);
  return { cities, remember };
}
