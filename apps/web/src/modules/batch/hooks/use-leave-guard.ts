import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';

/**
 * While `active`, warns before the page is closed or reloaded (the browser's own prompt) and holds
 * navigation inside the app: the returned blocker is `blocked` until the caller proceeds or resets it.
 */
export function useLeaveGuard(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);

  return useBlocker(({ currentLocation, nextLocation }) => active && currentLocation.pathname !== nextLocation.pathname);
}
