import { Box } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useBranding } from './branding-context';

export interface BrandLogoProps {
  size?: number;
  /** Draw the default mark in white, for use on a coloured surface. */
  inverse?: boolean;
}

/** The default mark: a house on a rounded square in the theme colour. */
export function DefaultLogo({ size = 36, inverse = false }: BrandLogoProps) {
  const fill = inverse ? 'rgba(255,255,255,0.18)' : 'var(--mantine-primary-color-filled)';
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" role="img" aria-label="logo">
      <rect width="40" height="40" rx="9" fill={fill} />
      <path d="M9 19.5 20 10l11 9.5V30a1.5 1.5 0 0 1-1.5 1.5H23v-7h-6v7h-6.5A1.5 1.5 0 0 1 9 30z" fill="#fff" />
      <path d="M26.5 13.5V10h3v6.1" fill="#fff" />
    </svg>
  );
}

/** The configured logo, or the default mark when none is configured or it cannot be loaded. */
export function BrandLogo({ size = 36, inverse = false }: BrandLogoProps) {
  const { logoUrl } = useBranding();
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [logoUrl]);
  if (!logoUrl || failed) return <DefaultLogo size={size} inverse={inverse} />;
  return (
    <Box
      component="img"
      src={logoUrl}
      alt="logo"
      w={size}
      h={size}
      style={{ objectFit: 'contain', borderRadius: 6, flexShrink: 0 }}
      onError={() => setFailed(true)}
    />
  );
}
