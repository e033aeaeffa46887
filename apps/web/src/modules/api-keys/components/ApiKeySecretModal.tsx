import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { ApiKeyCreated } from '@valuation/contracts';
import { ApiKeyMsg } from '@valuation/domain';

/** The secret of a key just made, shown this once with a copy button. */
export function ApiKeySecretModal({ created, onClose }: { created: ApiKeyCreated | null; onClose: () => void }) {
  return (
    <Modal
      opened={created !== null}
      onClose={onClose}
      title="API密钥已创建"
      size={600}
      centered
      closeOnClickOutside={false}
      closeOnEscape={false}
    >
      {created && (
        <Stack gap="md">
          <Text size="sm">
            密钥「{created.key.name}」已创建。调用接口时在请求头中携带 <Code>X-Api-Key</Code> 或 <Code>Authorization: ApiKey 密钥</Code>。
          </Text>
          <Alert color="yellow" variant="light" title="密钥只显示这一次">
            {ApiKeyMsg.secretOnce}
          </Alert>
          <Group gap="sm" wrap="nowrap" align="center">
            <Code block style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} aria-label="API密钥">
              {created.secret}
            </Code>
            <CopyButton value={created.secret}>
              {({ copied, copy }) => (
                <Button
                  variant={copied ? 'light' : 'filled'}
                  color={copied ? 'teal' : undefined}
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  onClick={copy}
                >
                  {copied ? '已复制' : '复制'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              我已保存，关闭
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
