import { Center, Loader } from '@mantine/core';
import { useEffect, useState } from 'react';

/** How long a load may take before the spinner shows: a page that arrives sooner never flashes one. */
export const LOADER_DELAY_MS = 300;

/** Keeps the page area's place while a page loads; the spinner appears only if the wait is noticeable. */
export function PageLoader({ delay = LOADER_DELAY_MS }: { delay?: number }) {
  const [visible, setVisible] = useState(delay <= 0);
  useEffect(() => {
    if (visible) return undefined;
    const timer = window.setTimeout(() => setVisible(true), delay);
    return () => window.clearTimeout(timer);
  }, [visible, delay]);

  return (
    <Center mih={240} aria-busy="true">
      {visible ? <Loader size="md" /> : null}
    </Center>
  );
}
