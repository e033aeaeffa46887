import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { BrandingProvider } from './branding/BrandingProvider';
import { showNoticeLeftBeforeReload } from './notifications/notice-across-reload';
import { NavigationProgress } from './routing/NavigationProgress';

/** The root layout: branding (theme, notifications) around every page. */
export function AppRoot() {
  useEffect(showNoticeLeftBeforeReload, []);
  return (
    <BrandingProvider>
      <NavigationProgress />
      <Outlet />
    </BrandingProvider>
  );
}
