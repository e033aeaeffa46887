import { Box, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrandLogo } from '../../../app/branding/BrandLogo';
import { useBranding } from '../../../app/branding/branding-context';
import { LoginFooter } from './LoginFooter';

const DEFAULT_BACKGROUND = [
  'radial-gradient(circle at 18% 22%, rgba(255,255,255,0.16) 0, rgba(255,255,255,0) 42%)',
  'radial-gradient(circle at 82% 78%, rgba(255,255,255,0.10) 0, rgba(255,255,255,0) 38%)',
  'linear-gradient(135deg, var(--mantine-color-brand-9) 0%, var(--mantine-color-brand-7) 45%, var(--mantine-color-brand-5) 100%)',
].join(', ');

/** Full-page login frame: configured background, brand bar, the form card, company footer. */
export function LoginLayout({ heading, children }: { heading: string; children: ReactNode }) {
  const { productName, backgroundUrl, isLoading } = useBranding();
  const background = backgroundUrl ? `url("${backgroundUrl}") center / cover no-repeat, ${DEFAULT_BACKGROUND}` : DEFAULT_BACKGROUND;

  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column', background }}>
      <Group px={48} h={72} gap="sm" wrap="nowrap" bg="rgba(0,0,0,0.18)">
        <BrandLogo size={40} inverse />
        {isLoading ? (
          <Skeleton height={22} width={200} opacity={0.5} />
        ) : (
          <Text c="white" fz={24} fw={600} style={{ letterSpacing: 2 }}>
            {productName}
          </Text>
        )}
      </Group>
      <Box style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'flex-end' }} px="12vw" py={40}>
        <Paper w={400} p={32} radius="md" shadow="xl">
          <Stack gap="lg">
            <Text component="h1" fz={22} fw={600} m={0}>
              {heading}
            </Text>
            {children}
          </Stack>
        </Paper>
      </Box>
      <LoginFooter />
    </Box>
  );
}
