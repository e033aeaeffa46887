import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useRouteLink } from '../../../app/routing/use-route-link';
import { REPORT_ROUTE } from '../../reports/model/report-routes';

const KINDS = [
  { type: 1 as const, label: '询价报告' },
  { type: 2 as const, label: '咨询报告' },
];

/**
 * The inquiry and advisory reports of the collateral's valuation: the report's code, linking to its
 * page when the user may open it, or 未生成.
 */
export function ReportLinks({
  evalCode,
  inquiry,
  advisory,
  compact = false,
}: {
  evalCode: string;
  inquiry: string | null;
  advisory: string | null;
  compact?: boolean;
}) {
  const link = useRouteLink('org');
  const items = KINDS.map(({ type, label }) => {
    const code = type === 1 ? inquiry : advisory;
    const href = code ? link(REPORT_ROUTE[type], { evalType: 1 }, { evalCode }) : undefined;
    return (
      <Text key={type} size="sm" span style={{ whiteSpace: 'nowrap' }}>
        <Text span size="xs" c="dimmed">
          {label}：
        </Text>
        {!code ? (
          <Text span size="sm" c="dimmed">
            未生成
          </Text>
        ) : href ? (
          <Anchor component={Link} to={href} size="sm">
            {code}
          </Anchor>
        ) : (
          code
        )}
      </Text>
    );
  });
  return compact ? <Stack gap={2}>{items}</Stack> : <Group gap="md">{items}</Group>;
}
