import type { Population } from '@valuation/domain';
import { KitProvider } from '@valuation/ui';
import { PortalShell } from '../../modules/shell/components/PortalShell';
import { RequireToken } from './RequireToken';

/**
 * The layout of the organisation and channel areas: the sign-in check, the back-office kit's
 * providers (date pickers, confirmations) and the portal shell. A chunk of its own, so the login
 * pages carry neither the shell nor the kit.
 */
export function AreaLayout({ population }: { population: Population }) {
  return (
    <RequireToken population={population}>
      <KitProvider>
        <PortalShell population={population} />
      </KitProvider>
    </RequireToken>
  );
}
