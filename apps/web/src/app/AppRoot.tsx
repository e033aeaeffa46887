import { Outlet } from 'react-router-dom';
import { BrandingProvider } from './branding/BrandingProvider';
import { NavigationProgress } from './routing/NavigationProgress';

/** The root layout: branding (theme, notifications) around every page. */
export function AppRoot() {
  return (
    <BrandingProvider>
      <NavigationProgress />
      <Outlet />
    </BrandingProvider>
  );
}
