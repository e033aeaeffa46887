import type { SiteConfig } from '@valuation/contracts';
import type { Population } from '@valuation/domain';
import { createContext, useContext } from 'react';

export interface Branding {
  population: Population;
  config: SiteConfig | undefined;
  isLoading: boolean;
  productName: string;
  logoUrl: string | null;
  backgroundUrl: string | null;
}

export const BrandingContext = createContext<Branding | null>(null);

export function useBranding(): Branding {
  const value = useContext(BrandingContext);
  if (!value) throw new Error('useBranding must be used inside BrandingProvider');
  return value;
}
