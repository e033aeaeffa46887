import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { NotifySettingsView, NotifyTestResult } from '@valuation/contracts';
import { KitProvider } from '@valuation/ui';
import { NotifySettingsForm } from './NotifySettingsForm';

const SAVED: NotifySettingsView = {
  organizationId: 5,
  webhookUrl: 'https://hooks.example.com/batch',
  hasSecret: true,
  secretPreview: 'a1b2****',
};

function renderForm(setting: NotifySettingsView = SAVED) {
  const save = jest.fn(async (v: { webhookUrl: string; regenerateSecret: boolean }) => ({
    ...setting,
    webhookUrl: v.webhookUrl || null,
    secret: v.regenerateSecret ? 'f'.repeat(64) : null,
  }));
  const test = jest.fn(async (): Promise<NotifyTestResult> => ({ delivered: true, status: 204, error: null, durationMs: 87 }));
  render(
    <MantineProvider env="test">
      <KitProvider>
        <NotifySettingsForm setting={setting} save={save} test={test} />
      </KitProvider>
    </MantineProvider>,
  );
  return { save, test };
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('NotifySettingsForm', () => {
  it('sends a test to the saved address and shows the result', async () => {
    const { test } = renderForm();
    fireEvent.click(button('发送测试'));
    expect((await screen.findByRole('status')).textContent).toBe('测试通知已送达（HTTP 204，用时 87 毫秒）');
    expect(test).toHaveBeenCalledTimes(1);
  });

  it('shows a failed test with the status the webhook answered', async () => {
    const { test } = renderForm();
    test.mockResolvedValueOnce({ delivered: false, status: 500, error: '回调地址应答 HTTP 500', durationMs: 12 });
    fireEvent.click(button('发送测试'));
    expect((await screen.findByRole('status')).textContent).toBe('测试通知未送达：回调地址应答 HTTP 500（用时 12 毫秒）');
  });

  it('offers the test only for a saved, unchanged address', () => {
    renderForm({ organizationId: 5, webhookUrl: null, hasSecret: false, secretPreview: null });
    expect(button('发送测试').disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: /回调地址/ }), { target: { value: 'https://x.example.com/hook' } });
    expect(button('发送测试').disabled).toBe(true);
    expect(button('保存').disabled).toBe(false);
  });

  it('asks before rotating the secret and shows the new one once', async () => {
    const { save } = renderForm();
    fireEvent.click(button('重新生成密钥'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '重新生成' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith({ webhookUrl: SAVED.webhookUrl, regenerateSecret: true }));
    expect(await screen.findByText('f'.repeat(64))).toBeTruthy();
  });

  it('shows the message of a refused save', async () => {
    const { save } = renderForm();
    save.mockRejectedValueOnce(new Error('请输入正确的回调地址'));
    fireEvent.change(screen.getByRole('textbox', { name: /回调地址/ }), { target: { value: 'ftp://x' } });
    fireEvent.click(button('保存'));
    expect((await screen.findByRole('alert')).textContent).toBe('请输入正确的回调地址');
  });
});
