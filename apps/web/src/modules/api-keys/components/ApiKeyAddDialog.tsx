import { Checkbox, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import type { ApiKeyCreated } from '@valuation/contracts';
import { API_KEY_LIMITS, API_KEY_SCOPE_LABELS, API_KEY_SCOPES, apiKeyAddSchema } from '@valuation/domain';
import { FormDialog } from '@valuation/ui';
import { useState } from 'react';
import { failureMessage } from '../../../app/api/api-error';
import { useAddApiKey } from '../api/api-keys-api';

interface ApiKeyFormValues extends Record<string, unknown> {
  name: string;
  scopes: string[];
  rateLimitPerMinute: number | string;
}

const INITIAL: ApiKeyFormValues = { name: '', scopes: [], rateLimitPerMinute: API_KEY_LIMITS.rateDefault };

/** What each scope lets a key call, under its label. */
const SCOPE_HINTS: Readonly<Record<(typeof API_KEY_SCOPES)[number], string>> = {
  valuate: '自动估价（api/eval/rapid）',
  batch: '上传批量估价文件、查询任务与导出明细',
  reports: '生成与获取询价报告、咨询报告',
  read: '查询估价结果与估价记录',
};

export interface ApiKeyAddDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The key was made: its secret is to be shown once. */
  onCreated: (created: ApiKeyCreated) => void;
}

/** 新增API密钥: name, scopes and calls per minute, checked with the server's schema. */
export function ApiKeyAddDialog({ opened, onClose, onCreated }: ApiKeyAddDialogProps) {
  const add = useAddApiKey();
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setFailure(null);
    onClose();
  };

  return (
    <FormDialog<ApiKeyFormValues, typeof apiKeyAddSchema>
      opened={opened}
      title="新增API密钥"
      schema={apiKeyAddSchema}
      initialValues={INITIAL}
      onSubmit={async (request) => {
        setFailure(null);
        try {
          const created = await add.mutateAsync(request);
          setFailure(null);
          onCreated(created);
        } catch (error) {
          setFailure(failureMessage(error));
          return false;
        }
      }}
      onClose={close}
      submitLabel="创建"
      failure={failure}
      size={560}
    >
      {(form) => (
        <>
          <TextInput
            label="名称"
            withAsterisk
            data-autofocus
            placeholder="例如 信贷核心系统"
            maxLength={API_KEY_LIMITS.name}
            description={`用于区分不同系统，最多${API_KEY_LIMITS.name}个字`}
            {...form.getInputProps('name')}
          />
          <Checkbox.Group label="权限范围" withAsterisk description="密钥只能调用所选范围内的接口" {...form.getInputProps('scopes')}>
            <Stack gap="xs" mt="xs">
              {API_KEY_SCOPES.map((scope) => (
                <Checkbox
                  key={scope}
                  value={scope}
                  label={
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm">{API_KEY_SCOPE_LABELS[scope]}</Text>
                      <Text size="xs" c="dimmed">
                        {SCOPE_HINTS[scope]}
                      </Text>
                    </Group>
                  }
                />
              ))}
            </Stack>
          </Checkbox.Group>
          <NumberInput
            label="每分钟限额"
            withAsterisk
            description={`每分钟最多调用次数，${API_KEY_LIMITS.rateMin}至${API_KEY_LIMITS.rateMax}`}
            min={API_KEY_LIMITS.rateMin}
            max={API_KEY_LIMITS.rateMax}
            allowDecimal={false}
            allowNegative={false}
            suffix=" 次/分钟"
            w={220}
            {...form.getInputProps('rateLimitPerMinute')}
          />
          <Text size="xs" c="dimmed">
            密钥以您的账号身份调用接口，沿用您的权限、数据范围与余额。
          </Text>
        </>
      )}
    </FormDialog>
  );
}
