import { ActionIcon, Badge, Indicator, Menu, Text } from '@mantine/core';
import { Perm } from '@valuation/domain';
import { Link } from 'react-router-dom';
import { useRouteLink } from '../../../app/routing/use-route-link';
import { useGrantedPermissions } from '../../../app/session/session-queries';
import { useArtificialUnreadCount } from '../../manual-enquiry/api/manual-enquiry-api';
import { useObjectionUnreadCount, useReviewUnreadCount } from '../../review/api/review-api';
import { Icon } from './MenuIcon';

interface Entry {
  route: string;
  label: string;
  count: number;
}

/**
 * The organisation header's bell: how many answers to the user's manual enquiries, re-appraisals
 * and price objections it has not opened yet, and a menu to each list with its count. Hidden for
 * users who may see none of the lists.
 */
export function UnreadAnswersMenu({ color }: { color: string }) {
  const { granted } = useGrantedPermissions('user');
  const link = useRouteLink('org');
  const enquiries = granted.has(Perm.manualEnquiryList);
  const reviews = granted.has(Perm.objectionReviewList);
  const artificial = useArtificialUnreadCount(enquiries).data ?? 0;
  const review = useReviewUnreadCount(reviews).data ?? 0;
  const objection = useObjectionUnreadCount(reviews).data ?? 0;

  const entries: Entry[] = [
    ...(enquiries ? [{ route: 'manualEnquiry', label: '人工询价', count: artificial }] : []),
    ...(reviews ? [{ route: 'objectionReview', label: '人工复评', count: review }] : []),
    ...(reviews ? [{ route: 'objectionList', label: '价格异议', count: objection }] : []),
  ];
  if (entries.length === 0) return null;
  const total = entries.reduce((sum, e) => sum + e.count, 0);

  return (
    <Menu position="bottom-end" width={220} shadow="md" withArrow>
      <Menu.Target>
        <Indicator label={total > 99 ? '99+' : total} size={16} color="red" offset={5} disabled={total === 0} withBorder>
          <ActionIcon
            variant="subtle"
            color={color === '#fff' ? '#ffffff' : 'dark'}
            c={color}
            size="lg"
            radius="xl"
            aria-label={total > 0 ? `未读答复 ${total} 条` : '未读答复'}
          >
            <Icon name="bell" size={20} />
          </ActionIcon>
        </Indicator>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{total > 0 ? `${total} 条答复尚未查看` : '暂无未读答复'}</Menu.Label>
        {entries.map((e) => {
          const href = link(e.route);
          return href ? (
            <Menu.Item
              key={e.route}
              component={Link}
              to={href}
              rightSection={
                e.count > 0 ? (
                  <Badge size="sm" color="red" circle={e.count < 10}>
                    {e.count > 99 ? '99+' : e.count}
                  </Badge>
                ) : (
                  <Text size="xs" c="dimmed">
                    0
                  </Text>
                )
              }
            >
              {e.label}
            </Menu.Item>
          ) : null;
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
