import { Button, Group, Skeleton, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ROLE_LIMITS, RoleMsg, roleFormSchema } from '@valuation/domain';
import {
  askConfirm,
  DISCARD_CHANGES,
  errorsByField,
  LoadError,
  PageSection,
  PermissionTreeEditor,
  schemaErrors,
  type PermissionGroup,
} from '@valuation/ui';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useGrantedPermissions } from '../../../app/session/session-queries';
import { routeHref } from '../../../app/routing/route-registry';
import { usePermissionTree, useRoleDetail, useSaveRole } from '../api/role-api';
import { ROLE_SAVED_RELOAD_MS, ROLE_SIDES, roleRouteId, type RoleSide, type RoleSideName } from '../model/role-sides';

interface RoleValues {
  name: string;
  remark: string;
  permissions: number[];
}

const EMPTY: RoleValues = { name: '', remark: '', permissions: [] };

const sameValues = (a: RoleValues, b: RoleValues) =>
  a.name === b.name && a.remark === b.remark && a.permissions.join() === [...b.permissions].sort((x, y) => x - y).join();

/**
 * The role editor (editRole, customerEditRole, sysEditRole; `:id` a role id or 'add'): name,
 * remark and the two-level permission tree of what the user may grant. Permissions the role has
 * but the user may not grant stay in the role unless the tree is cleared.
 */
function RoleEditPage({ side }: { side: RoleSide }) {
  const { id: param } = useParams();
  const target = roleRouteId(param);
  const roleId = typeof target === 'number' ? target : null;
  const navigate = useNavigate();
  const listHref = routeHref(side.area, side.listRoute) ?? '/';
  const { granted } = useGrantedPermissions(side.population);
  const detail = useRoleDetail(side, roleId);
  const tree = usePermissionTree(side);
  const save = useSaveRole(side);
  const [values, setValues] = useState<RoleValues>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const loaded = useRef<RoleValues>(EMPTY);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (!detail.data) return;
    const initial = { name: detail.data.name, remark: detail.data.remark, permissions: [...detail.data.permissions] };
    loaded.current = initial;
    setValues(initial);
  }, [detail.data]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const groups = useMemo<PermissionGroup[]>(
    () => (tree.data ?? []).map((g) => ({ id: g.id, name: g.name, children: g.children.map((c) => ({ id: c.id, name: c.name })) })),
    [tree.data],
  );
  const kept = useMemo(() => {
    const shown = new Set(groups.flatMap((g) => [g.id, ...g.children.map((c) => c.id)]));
    return values.permissions.filter((id) => !shown.has(id)).length;
  }, [groups, values.permissions]);

  if (target === null) return <Navigate to={listHref} replace />;
  const canSave = granted.has(target === 'add' ? side.perms.add : side.perms.edit);
  if (detail.isError || tree.isError) {
    return (
      <PageSection title={side.title}>
        <LoadError onRetry={() => void Promise.all([detail.refetch(), tree.refetch()])} />
      </PageSection>
    );
  }
  const loading = tree.isLoading || (roleId !== null && detail.isLoading);

  const change = (patch: Partial<RoleValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch)) delete next[key];
      return next;
    });
  };

  const submit = () => {
    const found = errorsByField(schemaErrors(roleFormSchema, values));
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate(
      { ...(roleId !== null ? { id: roleId } : {}), ...values },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: roleId === null ? RoleMsg.added : RoleMsg.edited });
          timer.current = setTimeout(() => navigate(listHref), ROLE_SAVED_RELOAD_MS);
        },
      },
    );
  };

  const cancel = async () => {
    if (sameValues(values, loaded.current) || (await askConfirm({ message: DISCARD_CHANGES }))) navigate(listHref);
  };

  return (
    <PageSection title={`${side.title} · ${roleId === null ? '新增角色' : '编辑角色'}`}>
      {loading ? (
        <Stack gap="sm">
          <Skeleton h={36} w={360} />
          <Skeleton h={72} w={520} />
          <Skeleton h={240} />
        </Stack>
      ) : (
        <Stack gap="md" maw={1100}>
          {detail.data && (
            <Text size="sm" c="dimmed">
              角色编码：{detail.data.code}
            </Text>
          )}
          <TextInput
            label="角色名称"
            withAsterisk
            w={360}
            maxLength={ROLE_LIMITS.name}
            value={values.name}
            error={errors.name}
            disabled={!canSave}
            onChange={(e) => change({ name: e.currentTarget.value })}
          />
          <Textarea
            label="角色备注"
            w={520}
            autosize
            minRows={2}
            maxLength={ROLE_LIMITS.remark}
            value={values.remark}
            error={errors.remark}
            disabled={!canSave}
            onChange={(e) => change({ remark: e.currentTarget.value })}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              角色权限{' '}
              <Text span c="red">
                *
              </Text>
            </Text>
            <PermissionTreeEditor
              groups={groups}
              value={values.permissions}
              disabled={!canSave}
              error={errors.permissions}
              onChange={(permissions) => change({ permissions })}
            />
            {kept > 0 && (
              <Text size="xs" c="dimmed">
                该角色另有{kept}项您无权授予的权限，保存时将保留（清空后将一并去掉）。
              </Text>
            )}
          </Stack>
          <Group gap="sm">
            {canSave && (
              <Button onClick={submit} loading={save.isPending} disabled={save.isSuccess}>
                确定
              </Button>
            )}
            <Button variant="default" onClick={() => void cancel()}>
              取消
            </Button>
          </Group>
        </Stack>
      )}
    </PageSection>
  );
}

const sidePage = (name: RoleSideName) => {
  const Page = () => <RoleEditPage side={ROLE_SIDES[name]} />;
  Page.displayName = `RoleEditPage(${name})`;
  return Page;
};

/** Route editRole/:id (`/org/editRole/add` or `/org/editRole/12`). */
export const OrgRoleEditPage = sidePage('org');
/** Route customerEditRole/:id. */
export const CustomerRoleEditPage = sidePage('customer');
/** Route sysEditRole/:id. */
export const StaffRoleEditPage = sidePage('staff');
