import { Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconHomeFilled } from '@tabler/icons-react';
import { themeColorHex } from '@valuation/domain';
import type { SiteConfigFormValues } from '../model/site-config-form';

export interface SiteConfigPreviewProps {
  values: SiteConfigFormValues;
  logoUrl: string | null;
  backgroundUrl: string | null;
  /** Colour shown while the custom input holds no valid colour. */
  fallbackColor: string;
}

/** How the header and the login page look with what the form holds now. */
export function SiteConfigPreview({ values, logoUrl, backgroundUrl, fallbackColor }: SiteConfigPreviewProps) {
  const color = (/^#/.test(values.themeColor.trim()) && themeColorHex(values.themeColor)) || fallbackColor;
  const name = values.productName.trim() || '系统名称';
  const logo = logoUrl ? (
    <Box component="img" src={logoUrl} alt="LOGO预览" w={28} h={28} style={{ objectFit: 'contain', borderRadius: 4 }} />
  ) : (
    <Box w={28} h={28} bg={color} style={{ borderRadius: 6, display: 'grid', placeItems: 'center' }}>
      <IconHomeFilled size={17} color="#fff" aria-hidden="true" />
    </Box>
  );

  const headerLogo = logoUrl ? (
    logo
  ) : (
    <Box w={28} h={28} style={{ borderRadius: 6, display: 'grid', placeItems: 'center', background: 'rgba(255,255,255,0.18)' }}>
      <IconHomeFilled size={17} color="#fff" aria-hidden="true" />
    </Box>
  );

  return (
    <Stack gap="md">
      <Box>
        <Text size="xs" c="dimmed" mb={6}>
          页面顶部
        </Text>
        <Paper withBorder radius="sm" style={{ overflow: 'hidden' }}>
          <Group h={44} px="sm" justify="space-between" wrap="nowrap" bg={color}>
            <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
              {headerLogo}
              <Text fw={600} size="sm" c="white" truncate>
                {name}
              </Text>
            </Group>
            <Text size="xs" c="rgba(255,255,255,0.85)" truncate maw={130}>
              {values.contact || values.email}
            </Text>
          </Group>
          <Group p="sm" gap="xs">
            <Button size="xs" color={color}>
              主要按钮
            </Button>
            <Button size="xs" variant="light" color={color}>
              次要按钮
            </Button>
            <Text size="xs" c={color} fw={500}>
              链接文字
            </Text>
          </Group>
        </Paper>
      </Box>
      <Box>
        <Text size="xs" c="dimmed" mb={6}>
          登录页
        </Text>
        <Box
          h={170}
          style={{
            borderRadius: 'var(--mantine-radius-sm)',
            border: '1px solid var(--mantine-color-gray-3)',
            background: backgroundUrl ? `center / cover no-repeat url("${backgroundUrl}")` : `linear-gradient(135deg, ${color}, #1f2937)`,
            display: 'grid',
            placeItems: 'center',
          }}
        >
          <Paper shadow="md" p="sm" w={170} radius="sm">
            <Group gap={6} wrap="nowrap" mb={8}>
              {logo}
              <Text size="xs" fw={600} truncate>
                {name}
              </Text>
            </Group>
            <Box h={8} bg="gray.2" mb={5} style={{ borderRadius: 2 }} />
            <Box h={8} bg="gray.2" mb={8} style={{ borderRadius: 2 }} />
            <Box h={18} bg={color} style={{ borderRadius: 3 }} />
          </Paper>
        </Box>
      </Box>
    </Stack>
  );
}
