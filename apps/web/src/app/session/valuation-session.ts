/**
 * What the quick valuation journey keeps for the browser tab (session storage, the spec's keys):
 * the chosen city, the property type, the chosen community and a point marked on the map.
 * The map page writes here before returning to quick valuation with isClick 1 (community) or
 * 2 (marked point).
 */

export interface ChosenCity {
  /** Short name without the trailing 市 (北京). */
  city: string;
  cityCode: string;
}

export interface ChosenCommunity {
  haCode: string;
  haName: string;
  haAddress: string;
}

export interface MarkedPoint {
  /** 'lon,lat' in bd09ll, the datum the valuation request uses by default. */
  coord: string;
  address: string;
}

export const PROPERTY_TYPE_NAMES: Readonly<Record<number, string>> = { 11: '住宅', 22: '商铺', 21: '办公' };

const KEYS = {
  city: 'city',
  cityCode: 'cityCode',
  proType: 'proType',
  proTypename: 'proTypename',
  haName: 'haName',
  haCode: 'haCode',
  haAddress: 'haAddress',
  currentGps: 'currentGps',
} as const;

function read(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    /* storage unavailable (private mode): the journey still works within the page */
  }
}

export function stripCitySuffix(name: string): string {
  return name.endsWith('市') && name.length > 2 ? name.slice(0, -1) : name;
}

export const valuationSession = {
  city(): ChosenCity | null {
    const city = read(KEYS.city);
    const cityCode = read(KEYS.cityCode);
    return city && cityCode ? { city, cityCode } : null;
  },
  setCity(value: ChosenCity): void {
    write(KEYS.city, stripCitySuffix(value.city));
    write(KEYS.cityCode, value.cityCode);
  },

  propType(): number {
    const n = Number(read(KEYS.proType));
    return PROPERTY_TYPE_NAMES[n] ? n : 11;
  },
  setPropType(propType: number): void {
    write(KEYS.proType, String(propType));
    write(KEYS.proTypename, PROPERTY_TYPE_NAMES[propType] ?? '');
  },

  community(): ChosenCommunity | null {
    const haCode = read(KEYS.haCode);
    const haName = read(KEYS.haName);
    return haCode && haName ? { haCode, haName, haAddress: read(KEYS.haAddress) ?? '' } : null;
  },
  setCommunity(value: ChosenCommunity | null): void {
    write(KEYS.haCode, value?.haCode ?? null);
    write(KEYS.haName, value?.haName ?? null);
    write(KEYS.haAddress, value?.haAddress ?? null);
  },

  markedPoint(): MarkedPoint | null {
    const raw = read(KEYS.currentGps);
    if (!raw) return null;
    try {
      const parsed = JSON.parse(raw) as Partial<MarkedPoint>;
      return typeof parsed.coord === 'string' ? { coord: parsed.coord, address: parsed.address ?? '' } : null;
    } catch {
      return null;
    }
  },
  setMarkedPoint(value: MarkedPoint | null): void {
    write(KEYS.currentGps, value ? JSON.stringify(value) : null);
  },
};
