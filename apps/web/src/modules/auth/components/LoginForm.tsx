import { Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { loginSchema, Msg, validate, type Population } from '@valuation/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { isApiError } from '../../../app/api/api-error';
import { sessionKeys } from '../../../app/session/session-queries';
import { isRemembered, rememberedName, rememberLogin, writeToken } from '../../../app/session/token-cookies';
import { useCaptcha, useLogin } from '../api/auth-api';
import { useLoginTarget } from '../hooks/use-login-target';
import { CaptchaImage } from './CaptchaImage';

interface LoginValues {
  userName: string;
  password: string;
  captcha: string;
  remember: boolean;
}

const FORM_FIELDS: ReadonlySet<string> = new Set(['userName', 'password', 'captcha']);

/** Account, password and captcha: each missing field says so under itself; the server's answer is shown on the error line under the form. */
export function LoginForm({ population }: { population: Population }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const captcha = useCaptcha(population);
  const login = useLogin(population);
  const target = useLoginTarget(population);
  const [error, setError] = useState('');

  const form = useForm<LoginValues>({
    initialValues: {
      userName: rememberedName(population),
      password: '',
      captcha: '',
      remember: isRemembered(population),
    },
  });

  const refreshCaptcha = () => {
    form.setFieldValue('captcha', '');
    void captcha.refetch();
  };

  const submit = (values: LoginValues) => {
    setError('');
    form.clearErrors();
    const checked = validate(loginSchema, {
      userName: values.userName,
      password: values.password,
      captcha: values.captcha,
      identity: captcha.data?.identity ?? '',
    });
    if (!checked.ok) {
      // Every empty field says so under itself at once; an expired captcha is said on the error line.
      const fieldErrors = Object.fromEntries(Object.entries(checked.errors).filter(([field]) => FORM_FIELDS.has(field)));
      form.setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length === 0) setError(checked.message);
      if ('identity' in checked.errors) refreshCaptcha();
      return;
    }
    login.mutate(checked.value, {
      onSuccess: (token) => {
        if (!token) {
          setError(Msg.unexpected);
          refreshCaptcha();
          return;
        }
        writeToken(population, token, values.remember);
        rememberLogin(population, checked.value.userName, values.remember);
        queryClient.removeQueries({ queryKey: sessionKeys.all(population) });
        navigate(target(), { replace: true });
      },
      onError: (err) => {
        if (isApiError(err) && err.kind === 'response') setError(err.message);
        refreshCaptcha();
      },
    });
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <TextInput
          label="用户名/手机号"
          placeholder="请输入用户名或手机号"
          autoComplete="username"
          size="md"
          {...form.getInputProps('userName')}
        />
        <PasswordInput
          label="密码"
          placeholder="请输入密码"
          autoComplete="current-password"
          size="md"
          {...form.getInputProps('password')}
        />
        <Group gap="sm" align="flex-end" wrap="nowrap">
          <TextInput
            label="验证码"
            placeholder="请输入验证码"
            autoComplete="off"
            size="md"
            maxLength={8}
            style={{ flex: 1 }}
            {...form.getInputProps('captcha')}
          />
          <CaptchaImage
            src={captcha.data?.captcha}
            loading={captcha.isFetching && !captcha.data}
            failed={captcha.isError}
            onRefresh={refreshCaptcha}
          />
        </Group>
        <Checkbox label="记住账号" {...form.getInputProps('remember', { type: 'checkbox' })} />
        <Text c="red" size="sm" mih={20} role="alert" aria-live="polite">
          {error}
        </Text>
        <Button type="submit" size="md" fullWidth loading={login.isPending}>
          登录
        </Button>
      </Stack>
    </form>
  );
}
