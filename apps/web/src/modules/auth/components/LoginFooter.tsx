import { Anchor, Group, Stack, Text } from '@mantine/core';
import { businessYear } from '@valuation/domain';
import { Fragment, type ReactNode } from 'react';
import { useBranding } from '../../../app/branding/branding-context';

/** Company name, about-us link, address, phone and e-mail of the site config. */
export function LoginFooter() {
  const { config } = useBranding();
  if (!config) return null;
  const parts: { key: string; node: ReactNode }[] = [];
  if (config.companyName) parts.push({ key: 'company', node: config.companyName });
  if (config.companyProfile) {
    parts.push({
      key: 'about',
      node: (
        <Anchor href={config.companyProfile} target="_blank" rel="noopener noreferrer" c="inherit" underline="always">
          关于我们
        </Anchor>
      ),
    });
  }
  if (config.address) parts.push({ key: 'address', node: `地址：${config.address}` });
  if (config.contact) parts.push({ key: 'phone', node: `电话：${config.contact}` });
  if (config.email) parts.push({ key: 'email', node: `邮箱：${config.email}` });

  return (
    <Stack gap={4} align="center" py="md" px="lg" c="rgba(255,255,255,0.88)" bg="rgba(0,0,0,0.35)" component="footer">
      <Group gap="xs" justify="center" fz="sm">
        {parts.map((part, index) => (
          <Fragment key={part.key}>
            {index > 0 && (
              <Text span c="rgba(255,255,255,0.45)">
                |
              </Text>
            )}
            <Text span size="sm">
              {part.node}
            </Text>
          </Fragment>
        ))}
      </Group>
      {config.companyName && (
        <Text size="xs" c="rgba(255,255,255,0.6)">
          © {businessYear()} {config.companyName} 版权所有
        </Text>
      )}
    </Stack>
  );
}
