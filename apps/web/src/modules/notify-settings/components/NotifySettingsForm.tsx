import { Alert, Button, Code, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import type { NotifySettingsSaved, NotifySettingsView, NotifyTestResult } from '@valuation/contracts';
import { askConfirm } from '@valuation/ui';
import { useState } from 'react';

interface Props {
  setting: NotifySettingsView;
  /** Saves the address (empty removes it), generating a new secret when asked; rejects with the message to show. */
  save: (v: { webhookUrl: string; regenerateSecret: boolean }) => Promise<NotifySettingsSaved>;
  /** Posts the signed test event to the saved address. */
  test: () => Promise<NotifyTestResult>;
}

type Outcome = { kind: 'test'; result: NotifyTestResult } | { kind: 'error'; message: string } | null;

function testText(r: NotifyTestResult): string {
  if (r.delivered) return `测试通知已送达（HTTP ${r.status}，用时 ${r.durationMs} 毫秒）`;
  return `测试通知未送达：${r.error ?? (r.status !== null ? `HTTP ${r.status}` : '无响应')}（用时 ${r.durationMs} 毫秒）`;
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * One organisation's batch-finished webhook: the address, the signing secret (shown in full only in
 * the answer that generated it, with a copy button), rotation after confirmation, and a test
 * delivery to the saved address whose result is shown below.
 */
export function NotifySettingsForm({ setting, save, test }: Props) {
  const [url, setUrl] = useState(setting.webhookUrl ?? '');
  const [busy, setBusy] = useState<'save' | 'rotate' | 'test' | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const dirty = url.trim() !== (setting.webhookUrl ?? '');

  const run = async (kind: 'save' | 'rotate') => {
    if (kind === 'rotate') {
      const sure = await askConfirm({
        title: '重新生成密钥',
        message: '重新生成后旧密钥立即失效，接收方须改用新密钥验证签名。确认重新生成吗？',
        confirmLabel: '重新生成',
        danger: true,
      });
      if (!sure) return;
    }
    setBusy(kind);
    setOutcome(null);
    try {
      const saved = await save({ webhookUrl: url.trim(), regenerateSecret: kind === 'rotate' });
      setSecret(saved.secret);
      setUrl(saved.webhookUrl ?? '');
    } catch (e) {
      setOutcome({ kind: 'error', message: messageOf(e) });
    } finally {
      setBusy(null);
    }
  };

  const sendTest = async () => {
    setBusy('test');
    setOutcome(null);
    try {
      setOutcome({ kind: 'test', result: await test() });
    } catch (e) {
      setOutcome({ kind: 'error', message: messageOf(e) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="md" maw={720}>
      <TextInput
        label="完成回调地址"
        description="批量估价任务或押品重估任务完成后，向该地址 POST 一条签名的 JSON 通知（事件 batch.finished、revaluation.finished）；留空则不回调。"
        placeholder="https://example.com/valuation/callback"
        value={url}
        onChange={(e) => setUrl(e.currentTarget.value)}
        maxLength={500}
        disabled={busy !== null}
      />
      <Group gap="xs" align="center">
        <Text size="sm" fw={500}>
          签名密钥：
        </Text>
        {setting.hasSecret ? <Code>{setting.secretPreview}</Code> : <Text size="sm">未生成（保存回调地址时自动生成）</Text>}
      </Group>
      {secret && (
        <Alert color="yellow" variant="light" title="新密钥只显示这一次，请立即复制保存">
          <Group gap="sm" wrap="nowrap">
            <Code style={{ wordBreak: 'break-all' }}>{secret}</Code>
            <CopyButton value={secret}>
              {({ copied, copy }) => (
                <Button size="xs" variant="light" onClick={copy}>
                  {copied ? '已复制' : '复制'}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        短信通知发送到提交批量估价时填写的接收手机号，无需在此设置。
      </Text>
      <Group gap="sm">
        <Button onClick={() => void run('save')} loading={busy === 'save'} disabled={!dirty || (busy !== null && busy !== 'save')}>
          保存
        </Button>
        <Button
          variant="default"
          onClick={() => void run('rotate')}
          loading={busy === 'rotate'}
          disabled={!setting.webhookUrl || dirty || (busy !== null && busy !== 'rotate')}
        >
          重新生成密钥
        </Button>
        <Button
          variant="light"
          onClick={() => void sendTest()}
          loading={busy === 'test'}
          disabled={!setting.webhookUrl || dirty || (busy !== null && busy !== 'test')}
        >
          发送测试
        </Button>
      </Group>
      {outcome?.kind === 'test' && (
        <Alert color={outcome.result.delivered ? 'green' : 'red'} variant="light" role="status">
          {testText(outcome.result)}
        </Alert>
      )}
      {outcome?.kind === 'error' && (
        <Alert color="red" variant="light" role="alert">
          {outcome.message}
        </Alert>
      )}
    </Stack>
  );
}
