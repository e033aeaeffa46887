import { Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { Msg, passwordChangeFormSchema, type Population } from '@valuation/domain';
import { useNavigate } from 'react-router-dom';
import { schemaValidator } from '../../../app/forms/schema-validator';
import { POPULATIONS } from '../../../app/session/population';
import { sessionKeys } from '../../../app/session/session-queries';
import { clearToken } from '../../../app/session/token-cookies';
import { useChangePassword } from '../api/personal-api';

interface PasswordValues {
  oldPwd: string;
  newPwd: string;
  confirmPwd: string;
}

/** 修改密码: after success the session ends and the user logs in again with the new password. */
export function ChangePasswordModal({ population, opened, onClose }: { population: Population; opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const change = useChangePassword(population);
  const form = useForm<PasswordValues>({
    initialValues: { oldPwd: '', newPwd: '', confirmPwd: '' },
    validate: schemaValidator(passwordChangeFormSchema),
  });

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit(({ oldPwd, newPwd }) => {
    change.mutate(
      { oldPwd, newPwd },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: Msg.passwordUpdated });
          close();
          clearToken(population);
          queryClient.removeQueries({ queryKey: sessionKeys.all(population) });
          navigate(POPULATIONS[population].loginPath, { replace: true });
        },
      },
    );
  });

  return (
    <Modal opened={opened} onClose={close} title="修改密码" size={440} closeOnClickOutside={!change.isPending}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label="旧密码"
            placeholder="请输入旧密码"
            autoComplete="current-password"
            data-autofocus
            {...form.getInputProps('oldPwd')}
          />
          <PasswordInput
            label="新密码"
            placeholder="请输入新密码"
            description="6-18位字母、数字、符号的组合"
            autoComplete="new-password"
            {...form.getInputProps('newPwd')}
          />
          <PasswordInput
            label="确认新密码"
            placeholder="请再次输入新密码"
            autoComplete="new-password"
            {...form.getInputProps('confirmPwd')}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close} disabled={change.isPending}>
              取消
            </Button>
            <Button type="submit" loading={change.isPending}>
              确定
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
