import { Outlet } from 'react-router-dom';
import { BrandingProvider } from './branding/BrandingProvider';

/** The root layout: branding (theme, notifications) around every page. */
export function AppRoot() {
  return (
    <BrandingProvider>
      <Outlet />
    </BrandingProvider>
  );
}
