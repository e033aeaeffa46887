import { Anchor, Button, Divider, Group, Skeleton, Text, Tooltip } from '@mantine/core';
import type { Population } from '@valuation/domain';
import { luminance, parseCssColor } from '@valuation/ui';
import { Link } from 'react-router-dom';
import { BrandLogo } from '../../../app/branding/BrandLogo';
import { useBranding } from '../../../app/branding/branding-context';
import { routeHref } from '../../../app/routing/route-registry';
import { POPULATIONS } from '../../../app/session/population';
import { useLoginUser } from '../../../app/session/session-queries';
import { useLogout } from '../api/use-logout';
import { ChannelCityPicker } from './ChannelCityPicker';
import { Icon } from './MenuIcon';
import { UnreadAlertsBell } from './UnreadAlertsBell';
import { UnreadAnswersMenu } from './UnreadAnswersMenu';

/** White text on dark theme colours, dark text on light ones. */
function headerTextColor(themeColor: string | undefined): string {
  const rgba = parseCssColor(themeColor);
  if (!rgba) return '#fff';
  const onWhite = { r: 255 + (rgba.r - 255) * rgba.a, g: 255 + (rgba.g - 255) * rgba.a, b: 255 + (rgba.b - 255) * rgba.a };
  return luminance(onWhite) > 0.45 ? 'var(--mantine-color-dark-7)' : '#fff';
}

export function AppHeader({ population }: { population: Population }) {
  const cfg = POPULATIONS[population];
  const { config, productName, isLoading: brandingLoading } = useBranding();
  const user = useLoginUser(population);
  const logout = useLogout(population);
  const color = headerTextColor(config?.themeColor);
  const personalHref = routeHref(cfg.area, cfg.personalRoute) ?? cfg.basePath;
  const displayName = user.data ? user.data.userName || user.data.loginUser : '';

  return (
    <Group h="100%" px="lg" justify="space-between" wrap="nowrap" bg="var(--mantine-primary-color-filled)" c={color}>
      <Group gap="sm" wrap="nowrap">
        <BrandLogo size={34} inverse />
        {brandingLoading ? (
          <Skeleton height={20} width={160} opacity={0.4} />
        ) : (
          <Text fz={19} fw={600} lh={1} style={{ letterSpacing: 1 }}>
            {productName}
          </Text>
        )}
      </Group>
      <Group gap="lg" wrap="nowrap">
        {population === 'tenant' && <ChannelCityPicker color={color} />}
        {config?.contact && (
          <Group gap={6} wrap="nowrap" fz="sm">
            <Icon name="phone" size={16} />
            <Text size="sm" c={color}>
              {config.contact}
            </Text>
          </Group>
        )}
        {config?.email && (
          <Group gap={6} wrap="nowrap">
            <Icon name="mail" size={16} />
            <Text size="sm" c={color}>
              {config.email}
            </Text>
          </Group>
        )}
        {population === 'user' && (
          <Group gap={4} wrap="nowrap">
            <UnreadAlertsBell color={color} />
            <UnreadAnswersMenu color={color} />
          </Group>
        )}
        <Divider orientation="vertical" color="rgba(255,255,255,0.35)" my={18} />
        {user.isLoading ? (
          <Skeleton height={16} width={64} opacity={0.4} />
        ) : (
          <Tooltip label={population === 'tenant' ? '个人信息' : '个人中心'} withArrow>
            <Anchor component={Link} to={personalHref} c={color} fw={500} size="sm" underline="hover">
              {displayName || '--'}
            </Anchor>
          </Tooltip>
        )}
        <Button
          variant="subtle"
          color={color === '#fff' ? '#ffffff' : 'dark'}
          c={color}
          size="compact-sm"
          leftSection={<Icon name="logout" size={16} />}
          loading={logout.isPending}
          onClick={() => logout.mutate()}
        >
          退出
        </Button>
      </Group>
    </Group>
  );
}
