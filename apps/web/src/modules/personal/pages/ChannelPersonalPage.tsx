import { Anchor, Button, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { LoadError, PageSection } from '@valuation/ui';
import { useId, useState, type ReactNode } from 'react';
import { formatDateTime } from '../../../app/format/date-format';
import { useLoginUser } from '../../../app/session/session-queries';
import { ChangePasswordModal } from '../components/ChangePasswordModal';
import { FieldRow } from '../components/FieldRow';
import { useProfileContactForm } from '../hooks/use-profile-contact-form';

/** Route channelPersonal (`/channel/channelPersonal`): the channel staff member's own information. */
export function ChannelPersonalPage() {
  const user = useLoginUser('tenant');
  const u = user.data;
  const [passwordOpen, setPasswordOpen] = useState(false);
  const { form, onSubmit, pending, ready } = useProfileContactForm('tenant', u);
  const emailId = useId();
  const phoneId = useId();
  const loading = user.isLoading;
  const show = (value: ReactNode) => (loading ? <Skeleton height={16} width={180} /> : value || '--');

  return (
    <Stack gap="lg">
      <PageSection title="个人信息">
        {user.isError ? (
          <LoadError message="个人信息加载失败" onRetry={() => void user.refetch()} />
        ) : (
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="sm" maw={620} py="xs">
              <FieldRow label="账号">{show(u?.loginUser)}</FieldRow>
              <FieldRow label="密码">
                <Group gap="md">
                  <Text size="sm" ff="monospace">
                    ******
                  </Text>
                  <Anchor component="button" type="button" size="sm" onClick={() => setPasswordOpen(true)}>
                    修改密码
                  </Anchor>
                </Group>
              </FieldRow>
              <FieldRow label="姓名">{show(u?.userName)}</FieldRow>
              <FieldRow label="上级机构">{show(u?.parentOrgName)}</FieldRow>
              <FieldRow label="所属机构">{show(u?.organizationName)}</FieldRow>
              <FieldRow label="邮箱" htmlFor={emailId}>
                <TextInput
                  id={emailId}
                  placeholder="请输入邮箱"
                  maxLength={45}
                  maw={360}
                  disabled={!ready}
                  {...form.getInputProps('email')}
                />
              </FieldRow>
              <FieldRow label="手机号码" htmlFor={phoneId}>
                <TextInput
                  id={phoneId}
                  placeholder="请输入手机号码"
                  maxLength={11}
                  maw={360}
                  disabled={!ready}
                  {...form.getInputProps('phone')}
                />
              </FieldRow>
              <FieldRow label="最近登录时间">{show(formatDateTime(u?.lastLoginTime))}</FieldRow>
              <FieldRow label="">
                <Button type="submit" loading={pending} disabled={!ready}>
                  更新
                </Button>
              </FieldRow>
            </Stack>
          </form>
        )}
      </PageSection>
      <ChangePasswordModal population="tenant" opened={passwordOpen} onClose={() => setPasswordOpen(false)} />
    </Stack>
  );
}
