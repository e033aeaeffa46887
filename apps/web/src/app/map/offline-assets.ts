import type { DistrictCollection, OfflineMapIndex } from './offline-geo';

/** Where the web server has apps/web/public/geo (the app is served from the root). */
const GEO_BASE = '/geo/';

const requests = new Map<string, Promise<unknown>>();

/** A JSON file of the offline base map, fetched once; null when it cannot be had (and asked again next time). */
function fetchGeo<T>(file: string): Promise<T | null> {
  let request = requests.get(file);
  if (!request) {
    request = Promise.resolve()
      .then(() => fetch(`${GEO_BASE}${file}`))
      .then((response) => (response.ok && response.headers.get('content-type')?.includes('json') ? response.json() : null))
      .catch(() => null)
      .then((body: unknown) => {
        if (body === null) requests.delete(file);
        return body;
      });
    requests.set(file, request);
  }
  return request as Promise<T | null>;
}

export const loadOfflineIndex = () => fetchGeo<OfflineMapIndex>('index.json');

export const loadCityDistricts = (cityCode: string) => fetchGeo<DistrictCollection>(`districts-${cityCode}.json`);
