import { Button, Group, TextInput } from '@mantine/core';
import type { Population } from '@valuation/domain';
import { useProfileContactForm, type ContactSource } from '../hooks/use-profile-contact-form';

/** E-mail and mobile inputs in one line with the 更新 button. */
export function ContactEditor({ population, user }: { population: Population; user: ContactSource | undefined }) {
  const { form, onSubmit, pending, ready } = useProfileContactForm(population, user);
  return (
    <form onSubmit={onSubmit} noValidate>
      <Group align="flex-start" gap="md">
        <TextInput label="邮箱" placeholder="请输入邮箱" w={300} maxLength={45} disabled={!ready} {...form.getInputProps('email')} />
        <TextInput
          label="手机号码"
          placeholder="请输入手机号码"
          w={240}
          maxLength={11}
          disabled={!ready}
          {...form.getInputProps('phone')}
        />
        <Button type="submit" mt={25} loading={pending} disabled={!ready}>
          更新
        </Button>
      </Group>
    </form>
  );
}
