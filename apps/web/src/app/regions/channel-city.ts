import type { RegionItem } from '@valuation/contracts';
import { useCallback, useSyncExternalStore } from 'react';
import { useLoginUser } from '../session/session-queries';

/** Local storage key of the city a channel account chose in the header. */
export const channelCityKey = (accountId: number) => `channelCity:${accountId}`;

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function readRaw(key: string | null): string | null {
  if (!key) return null;
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** A stored city entry, or null for anything else. */
export function parseStoredCity(raw: string | null): RegionItem | null {
  if (!raw) return null;
  try {
    const v: unknown = JSON.parse(raw);
    if (typeof v !== 'object' || v === null) return null;
    const { regionName, regionCode } = v as Record<string, unknown>;
    if (typeof regionName !== 'string' || !regionName || typeof regionCode !== 'string' || !/^\d{6}$/.test(regionCode)) return null;
    return { regionName, regionCode };
  } catch {
    return null;
  }
}

export interface ChannelCity {
  /** The chosen city; null when none was chosen (or the account is not known yet). */
  city: RegionItem | null;
  /** False until the signed-in channel account is known. */
  ready: boolean;
  choose: (city: RegionItem) => void;
}

/** The city the signed-in channel account chose in the header, remembered per account in local storage. */
export function useChannelCity(): ChannelCity {
  const user = useLoginUser('tenant');
  const key = user.data ? channelCityKey(user.data.id) : null;
  const raw = useSyncExternalStore(subscribe, () => readRaw(key));
  const choose = useCallback(
    (city: RegionItem) => {
      if (!key) return;
      try {
        window.localStorage.setItem(key, JSON.stringify({ regionName: city.regionName, regionCode: city.regionCode }));
      } catch {
        /* storage full or disabled: the choice is not kept */
      }
      listeners.forEach((l) => l());
    },
    [key],
  );
  return { city: parseStoredCity(raw), ready: key !== null, choose };
}
