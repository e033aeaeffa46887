import { Box, ThemeIcon } from '@mantine/core';
import { IconHomeFilled } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useBranding } from './branding-context';

export interface BrandLogoProps {
  size?: number;
  /** Draw the default mark in white, for use on a coloured surface. */
  inverse?: boolean;
}

/** The default mark: a house on a rounded square in the theme colour. */
export function DefaultLogo({ size = 36, inverse = false }: BrandLogoProps) {
  return (
    <ThemeIcon
      size={size}
      radius={Math.round(size / 4.5)}
      color={inverse ? 'rgba(255,255,255,0.18)' : undefined}
      variant="filled"
      role="img"
      aria-label="logo"
      style={{ flexShrink: 0 }}
    >
      <IconHomeFilled size={Math.round(size * 0.62)} color="#fff" aria-hidden="true" />
    </ThemeIcon>
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
