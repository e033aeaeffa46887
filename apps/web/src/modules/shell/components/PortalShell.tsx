import { AppShell } from '@mantine/core';
import type { Population } from '@valuation/domain';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { AppHeader } from './AppHeader';
import { SideMenu } from './SideMenu';

/** The layout of the organisation and channel areas: header, sidebar, page. */
export function PortalShell({ population }: { population: Population }) {
  const { pathname, search } = useLocation();
  /* A new page (or the same page for another record) starts at the top. */
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 224, breakpoint: 'sm' }} padding="lg">
      <AppShell.Header withBorder={false}>
        <AppHeader population={population} />
      </AppShell.Header>
      <AppShell.Navbar>
        <SideMenu population={population} />
      </AppShell.Navbar>
      <AppShell.Main bg="var(--mantine-color-gray-0)">
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
