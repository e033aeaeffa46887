import { Progress } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router-dom';
import { LOADER_DELAY_MS } from './PageLoader';

/**
 * A thin bar at the top of the window while the router fetches the page being opened (the current
 * page stays on screen meanwhile); it appears only when the wait is noticeable.
 */
export function NavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return undefined;
    }
    const timer = window.setTimeout(() => setVisible(true), LOADER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [busy]);

  if (!busy || !visible) return null;
  return (
    <Progress
      value={100}
      animated
      size={3}
      radius={0}
      aria-label="页面加载中"
      style={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 1000 }}
    />
  );
}
