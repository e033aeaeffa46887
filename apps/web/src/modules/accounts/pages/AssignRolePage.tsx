import { Alert, Button, Checkbox, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { AccountMsg, accountRolesSchema } from '@valuation/domain';
import { askConfirm, errorsByField, LoadError, PageSection, schemaErrors } from '@valuation/ui';
import { useEffect, useMemo, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { routeHref } from '../../../app/routing/route-registry';
import { useGrantedPermissions } from '../../../app/session/session-queries';
import { useAccountDetail, useAssignRoles } from '../api/account-api';
import { ACCOUNT_SIDES, accountRouteId, type AccountSide, type AccountSideName } from '../model/account-sides';

interface RoleLine {
  id: number;
  name: string;
  /** A role the account holds that the user cannot give or take (a tenant-wide role seen from the organisation side). */
  fixed: boolean;
}

/**
 * Role assignment of one account (assignRole, customerAssignRole, sysAssignRole; `:id` the
 * account): its account and name, and the roles the user may give it with the assigned ones first
 * and ticked. Saving asks 是否确认分配的角色 and returns to the list.
 */
function AssignRolePage({ side }: { side: AccountSide }) {
  const { id: param } = useParams();
  const accountId = accountRouteId(param);
  const navigate = useNavigate();
  const listHref = routeHref(side.area, side.listRoute) ?? '/';
  const { granted } = useGrantedPermissions(side.population);
  const detail = useAccountDetail(side, accountId);
  const assign = useAssignRoles(side);
  const [chosen, setChosen] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (detail.data) setChosen(detail.data.roleList.map((r) => r.id));
  }, [detail.data]);

  const lines = useMemo<RoleLine[]>(() => {
    if (!detail.data) return [];
    const assignable = new Set(detail.data.assignable.map((r) => r.id));
    const held = new Set(detail.data.roleList.map((r) => r.id));
    const all: RoleLine[] = [
      ...detail.data.assignable.map((r) => ({ id: r.id, name: r.name, fixed: false })),
      ...detail.data.roleList.filter((r) => !assignable.has(r.id)).map((r) => ({ id: r.id, name: r.name, fixed: true })),
    ];
    return [...all.filter((r) => held.has(r.id)), ...all.filter((r) => !held.has(r.id))];
  }, [detail.data]);

  if (accountId === null) return <Navigate to={listHref} replace />;
  if (detail.isError)
    return (
      <PageSection title="分配角色">
        <LoadError onRetry={() => void detail.refetch()} />
      </PageSection>
    );
  const canSave = granted.has(side.perms.assign);
  const fixedIds = new Set(lines.filter((l) => l.fixed).map((l) => l.id));

  const toggle = (id: number, on: boolean) => {
    setError(null);
    setChosen((c) => (on ? [...c, id] : c.filter((x) => x !== id)));
  };

  const save = async () => {
    const roleIds = chosen.filter((id) => !fixedIds.has(id));
    const found = errorsByField(schemaErrors(accountRolesSchema, { userId: accountId, roleIds }));
    if (Object.keys(found).length) return setError(Object.values(found)[0]);
    if (!(await askConfirm({ message: AccountMsg.confirmAssign }))) return;
    assign.mutate(
      { userId: accountId, roleIds },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: AccountMsg.assigned });
          navigate(listHref);
        },
      },
    );
  };

  return (
    <PageSection title={`${side.title} · 分配角色`}>
      {detail.isLoading || !detail.data ? (
        <Stack gap="sm">
          <Skeleton h={24} w={320} />
          <Skeleton h={200} />
        </Stack>
      ) : (
        <Stack gap="md" maw={720}>
          <Group gap="xl">
            <Text size="sm">账号：{detail.data.loginUser}</Text>
            <Text size="sm">姓名：{detail.data.userName}</Text>
          </Group>
          <Table withTableBorder striped aria-label="角色">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={60}>选择</Table.Th>
                <Table.Th>角色名称</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={2}>
                    <Text size="sm" c="dimmed" ta="center">
                      暂无数据
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                lines.map((line) => (
                  <Table.Tr key={line.id}>
                    <Table.Td>
                      <Checkbox
                        aria-label={line.name}
                        checked={chosen.includes(line.id)}
                        disabled={!canSave || line.fixed}
                        onChange={(e) => toggle(line.id, e.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td>
                      {line.name}
                      {line.fixed && (
                        <Text span size="xs" c="dimmed" ml="xs">
                          （由渠道分配，保留）
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
          {error && (
            <Alert color="red" variant="light" py="xs" role="alert">
              {error}
            </Alert>
          )}
          <Group gap="sm">
            {canSave && (
              <Button onClick={() => void save()} loading={assign.isPending}>
                保存
              </Button>
            )}
            <Button variant="default" onClick={() => navigate(listHref)}>
              取消
            </Button>
          </Group>
        </Stack>
      )}
    </PageSection>
  );
}

const sidePage = (name: AccountSideName) => {
  const Page = () => <AssignRolePage side={ACCOUNT_SIDES[name]} />;
  Page.displayName = `AssignRolePage(${name})`;
  return Page;
};

/** Route assignRole/:id. */
export const OrgAssignRolePage = sidePage('org');
/** Route customerAssignRole/:id. */
export const CustomerAssignRolePage = sidePage('customer');
/** Route sysAssignRole/:id. */
export const StaffAssignRolePage = sidePage('staff');
