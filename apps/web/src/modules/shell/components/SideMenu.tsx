import { Box, NavLink, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import type { Population } from '@valuation/domain';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { VisibleMenuEntry } from '../../../app/navigation/menu-filter';
import { routeHref } from '../../../app/routing/route-registry';
import { POPULATIONS } from '../../../app/session/population';
import { useVisibleMenu } from '../hooks/use-visible-menu';
import { AppraisalOpenBadge } from '../../appraisal/components/AppraisalOpenBadge';
import { ManualEnquiryUnreadBadge } from '../../manual-enquiry/components/ManualEnquiryUnreadBadge';
import { ReviewUnreadBadge } from '../../review/components/ReviewUnreadBadge';
import { MenuIcon } from './MenuIcon';

function LeafLink({
  entry,
  href,
  active,
  nested,
  rightSection,
}: {
  entry: VisibleMenuEntry;
  href: string;
  active: boolean;
  nested?: boolean;
  rightSection?: ReactNode;
}) {
  return (
    <NavLink
      component={Link}
      to={href}
      label={entry.title}
      active={active}
      leftSection={nested ? undefined : <MenuIcon entry={entry.name} />}
      rightSection={rightSection}
      variant="light"
      fw={active ? 600 : 400}
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
    />
  );
}

/** The sidebar: entries the user may see, groups that expand and collapse. */
export function SideMenu({ population }: { population: Population }) {
  const { area } = POPULATIONS[population];
  const { entries, activePath, isLoading, isError, refetch } = useVisibleMenu(population);
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  const activeGroup = activePath.length > 1 ? activePath[0] : undefined;

  useEffect(() => {
    if (activeGroup) setOpened((prev) => (prev.has(activeGroup) ? prev : new Set(prev).add(activeGroup)));
  }, [activeGroup]);

  const toggle = (name: string) =>
    setOpened((prev) => {
      const next = new Set(prev);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });

  const activeLeaf = activePath[activePath.length - 1];
  /** Counts beside entries: the unread manual enquiry results of a user. */
  const badgeOf = (name: string) => {
    if (population === 'user' && name === 'manualEnquiry') return <ManualEnquiryUnreadBadge />;
    if (population === 'user' && name === 'objectionReview') return <ReviewUnreadBadge />;
    if (population === 'tenant' && name === 'appraisalQueue') return <AppraisalOpenBadge />;
    return undefined;
  };

  return (
    <ScrollArea type="auto" h="100%">
      <Box component="nav" aria-label="主菜单" p="sm">
        <Stack gap={2}>
          {entries.map((entry) => {
            if (entry.children) {
              const isOpen = opened.has(entry.name);
              return (
                <NavLink
                  key={entry.name}
                  label={entry.title}
                  leftSection={<MenuIcon entry={entry.name} />}
                  opened={isOpen}
                  onChange={() => toggle(entry.name)}
                  childrenOffset={30}
                  fw={activeGroup === entry.name ? 600 : 400}
                  style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                >
                  {entry.children.map((child) => {
                    const href = routeHref(area, child.name);
                    return href ? (
                      <LeafLink
                        key={child.name}
                        entry={child}
                        href={href}
                        active={activeLeaf === child.name}
                        nested
                        rightSection={badgeOf(child.name)}
                      />
                    ) : null;
                  })}
                </NavLink>
              );
            }
            const href = routeHref(area, entry.name);
            return href ? (
              <LeafLink key={entry.name} entry={entry} href={href} active={activeLeaf === entry.name} rightSection={badgeOf(entry.name)} />
            ) : null;
          })}
          {isLoading && (
            <Stack gap={10} px="sm" pt="xs" aria-busy="true">
              {[70, 55, 80, 60].map((w) => (
                <Skeleton key={w} height={14} width={`${w}%`} />
              ))}
            </Stack>
          )}
          {isError && (
            <Text size="xs" c="red" px="sm" pt="xs">
              菜单加载失败，
              <Text span size="xs" c="brand" style={{ cursor: 'pointer' }} onClick={refetch}>
                点击重试
              </Text>
            </Text>
          )}
        </Stack>
      </Box>
    </ScrollArea>
  );
}
