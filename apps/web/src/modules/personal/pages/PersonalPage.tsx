import { Anchor, Divider, Stack } from '@mantine/core';
import { USER_TYPE_LABELS, UserType } from '@valuation/domain';
import { InfoGrid, LoadError, PageSection } from '@valuation/ui';
import { useState } from 'react';
import { formatDate, formatDateTime } from '../../../app/format/date-format';
import { useLoginUser } from '../../../app/session/session-queries';
import { ChangePasswordModal } from '../components/ChangePasswordModal';
import { ContactEditor } from '../components/ContactEditor';
import { OrderList } from '../components/OrderList';
import { QuotaBlock } from '../components/QuotaBlock';
import { UsageBlock } from '../components/UsageBlock';

function userTypeLabel(value: number | undefined): string {
  if (value === undefined) return '';
  return USER_TYPE_LABELS[Number(value) as UserType] ?? '';
}

/** Route personal (`/org/personal`): profile, usage, remaining quota, orders of personal accounts. */
export function PersonalPage() {
  const user = useLoginUser('user');
  const [passwordOpen, setPasswordOpen] = useState(false);
  const u = user.data;
  const isPersonal = Number(u?.userType) === UserType.Personal;

  return (
    <Stack gap="lg">
      <PageSection
        title="个人信息"
        actions={
          <Anchor component="button" type="button" size="sm" onClick={() => setPasswordOpen(true)}>
            修改密码
          </Anchor>
        }
      >
        {user.isError ? (
          <LoadError message="个人信息加载失败" onRetry={() => void user.refetch()} />
        ) : (
          <>
            <InfoGrid
              cols={3}
              loading={user.isLoading}
              items={[
                { label: '账号', value: u?.loginUser },
                { label: '姓名', value: u?.userName },
                { label: '用户类型', value: userTypeLabel(u?.userType) },
                { label: '所属机构', value: u?.organizationName },
                { label: '上级机构', value: u?.parentOrgName },
                { label: '到期时间', value: u ? formatDate(u.expireDate) || '长期有效' : '' },
                { label: '最近登录', value: formatDateTime(u?.lastLoginTime) },
              ]}
            />
            <Divider my="lg" />
            <ContactEditor population="user" user={u} />
          </>
        )}
      </PageSection>
      <UsageBlock />
      <QuotaBlock />
      {isPersonal && (
        <PageSection title="订单记录">
          <OrderList />
        </PageSection>
      )}
      <ChangePasswordModal population="user" opened={passwordOpen} onClose={() => setPasswordOpen(false)} />
    </Stack>
  );
}
