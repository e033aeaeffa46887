import { askConfirm } from '@valuation/ui';
import { useEffect, useRef } from 'react';
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

/**
 * While `active`, asks `message` before the page is left (inside the app: leave or stay; closing or
 * reloading: the browser's own prompt) and goes on only when the user chooses to leave.
 */
export function useConfirmLeave(active: boolean, message: string): void {
  const blocker = useLeaveGuard(active);
  const held = useRef(blocker);
  useEffect(() => {
    held.current = blocker;
  });
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void askConfirm({ message, confirmLabel: '离开', cancelLabel: '留在此页', danger: true }).then((leave) =>
      leave ? held.current.proceed?.() : held.current.reset?.(),
    );
  }, [blocker.state, message]);
}
