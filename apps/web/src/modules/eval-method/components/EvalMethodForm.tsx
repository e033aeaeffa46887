import { Alert, Button, Checkbox, Group, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { EvalMethodSetting } from '@valuation/contracts';
import { EVAL_CLASSES, EVAL_METHODS, EvalMethodMsg, parseEvalFlags, type EvalClass, type EvalMethodId } from '@valuation/domain';
import { askConfirm } from '@valuation/ui';
import { useState } from 'react';

interface Props {
  setting: EvalMethodSetting;
  saving: boolean;
  onSave: (v: { evalFlags: string; evalClass: string }) => void;
}

const COMPARISON: EvalMethodId = 1;

/**
 * The channel's valuation methods and the comparison method's confidence class. At least one method
 * must stay chosen; a class can be chosen only with the comparison method, and dropping comparison
 * clears the class.
 */
export function EvalMethodForm({ setting, saving, onSave }: Props) {
  const [flags, setFlags] = useState<EvalMethodId[]>(() => parseEvalFlags(setting.evalFlags));
  const [cls, setCls] = useState<EvalClass | ''>(setting.evalClass ?? '');
  const [error, setError] = useState<string | null>(null);
  const comparison = flags.includes(COMPARISON);
  const dirty = flags.join(',') !== setting.evalFlags || cls !== (setting.evalClass ?? '');

  const toggle = (id: EvalMethodId, on: boolean) => {
    setError(null);
    const next = EVAL_METHODS.map((m) => m.id).filter((m) => (m === id ? on : flags.includes(m)));
    setFlags(next);
    if (id === COMPARISON) setCls(on ? cls || 'C' : '');
  };
  const choose = (value: string) => {
    if (!comparison) {
      setError(EvalMethodMsg.comparisonFirst);
      return;
    }
    setError(null);
    setCls(value as EvalClass);
  };
  const save = () => {
    if (!flags.length) {
      setError(EvalMethodMsg.noMethod);
      return;
    }
    onSave({ evalFlags: flags.join(','), evalClass: comparison ? cls || 'C' : '' });
  };
  const cancel = async () => {
    if (dirty && !(await askConfirm({ title: '取消修改', message: '确认取消当前操作?', confirmLabel: '确认' }))) return;
    setFlags(parseEvalFlags(setting.evalFlags));
    setCls(setting.evalClass ?? '');
    setError(null);
  };

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={5}>评估方法</Title>
        <Text size="sm" c="dimmed">
          本渠道客户的新估价只使用选中的方法。
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          {EVAL_METHODS.map((m) => (
            <Checkbox.Card
              key={m.id}
              checked={flags.includes(m.id)}
              onChange={(on) => toggle(m.id, on)}
              radius="md"
              p="md"
              disabled={saving}
              aria-label={m.name}
            >
              <Group wrap="nowrap" align="flex-start">
                <Checkbox.Indicator />
                <div>
                  <Text fw={500}>{m.name}</Text>
                  <Text size="xs" c="dimmed">
                    {m.hint}
                  </Text>
                </div>
              </Group>
            </Checkbox.Card>
          ))}
        </SimpleGrid>
      </Stack>
      <Stack gap="xs">
        <Title order={5}>可信度等级</Title>
        <Text size="sm" c="dimmed">
          比较法要求同小区可比案例的最少数量；案例不足时不使用比较法的结果。
        </Text>
        <Radio.Group value={comparison ? cls : ''} onChange={choose} aria-label="可信度等级">
          <Group gap="xl">
            {EVAL_CLASSES.map((c) => (
              <Radio
                key={c.id}
                value={c.id}
                disabled={saving}
                label={c.name}
                description={c.hint}
                onClick={() => !comparison && setError(EvalMethodMsg.comparisonFirst)}
              />
            ))}
          </Group>
        </Radio.Group>
      </Stack>
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => void cancel()} disabled={saving}>
          取消
        </Button>
        <Button onClick={save} loading={saving} disabled={!dirty}>
          应用
        </Button>
      </Group>
    </Stack>
  );
}
