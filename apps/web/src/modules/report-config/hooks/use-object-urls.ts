import { useEffect, useState } from 'react';

/**
 * Object URLs of a fixed-length list of blobs (null where there is none), revoked when a blob
 * changes or the component goes away.
 */
export function useObjectUrls(blobs: readonly (Blob | null)[]): (string | null)[] {
  const [urls, setUrls] = useState<(string | null)[]>(() => blobs.map(() => null));
  useEffect(() => {
    const created = blobs.map((blob) => (blob ? URL.createObjectURL(blob) : null));
    setUrls(created);
    return () => created.forEach((url) => url && URL.revokeObjectURL(url));
    // The list has a fixed length, so its items are the dependencies.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, blobs);
  return urls;
}
