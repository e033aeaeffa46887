import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { Perm } from '@valuation/domain';
import { Link } from 'react-router-dom';
import { useRouteLink } from '../../../app/routing/use-route-link';
import { useGrantedPermissions } from '../../../app/session/session-queries';
import { useDriftAlertUnreadCount } from '../../collateral/api/collateral-api';
import { Icon } from './MenuIcon';

/**
 * The organisation header's collateral alert button: how many drift alerts of the user's data range
 * nobody of the company has marked read, linking to the alert list. Only for users holding the
 * collateral permission (116); polled like the other unread counts.
 */
export function UnreadAlertsBell({ color }: { color: string }) {
  const { granted } = useGrantedPermissions('user');
  const allowed = granted.has(Perm.collateral);
  const link = useRouteLink('org');
  const count = useDriftAlertUnreadCount(allowed).data ?? 0;
  const href = allowed ? link('collateralAlerts') : undefined;
  if (!href) return null;
  const label = count > 0 ? `未读押品预警 ${count} 条` : '押品预警';

  return (
    <Tooltip label={count > 0 ? `${count} 条押品预警尚未查看` : '暂无未读押品预警'} withArrow>
      <Indicator label={count > 99 ? '99+' : count} size={16} color="orange" offset={5} disabled={count === 0} withBorder>
        <ActionIcon
          component={Link}
          to={href}
          variant="subtle"
          color={color === '#fff' ? '#ffffff' : 'dark'}
          c={color}
          size="lg"
          radius="xl"
          aria-label={label}
        >
          <Icon name="alert" size={20} />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}
