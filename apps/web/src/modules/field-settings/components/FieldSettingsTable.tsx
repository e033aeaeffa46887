import { Badge, Button, Group, Switch, Table, Text } from '@mantine/core';
import type { EvalFieldItem } from '@valuation/contracts';
import type { EvalFieldChange } from '@valuation/domain';
import { askConfirm } from '@valuation/ui';
import { useMemo, useState } from 'react';

const FIELD_TYPE_LABELS: Record<EvalFieldItem['fieldType'], string> = { text: '文本', select: '下拉选择', number: '数字' };
const ENTRY_TYPE_LABELS: Record<EvalFieldItem['entryType'], string> = { 0: '固定', 1: '可调整', 2: '仅可调整必填' };

type Choice = Pick<EvalFieldItem, 'display' | 'required'>;

interface Props {
  fields: readonly EvalFieldItem[];
  saving: boolean;
  onSave: (changes: EvalFieldChange[]) => void;
}

/**
 * The valuation form's configurable fields with their display and required switches: a fixed field
 * (entryType 0) cannot change, a field of type 2 changes only "required", and a hidden field is
 * never required. Apply sends the changed fields; cancel asks and restores the saved values.
 */
export function FieldSettingsTable({ fields, saving, onSave }: Props) {
  const [draft, setDraft] = useState<Record<string, Choice>>({});
  const current = (f: EvalFieldItem): Choice => draft[f.fieldKey] ?? { display: f.display, required: f.required };
  const changes = useMemo(
    () =>
      fields
        .filter((f) => {
          const d = draft[f.fieldKey];
          return d && (d.display !== f.display || d.required !== f.required);
        })
        .map((f) => ({ fieldKey: f.fieldKey, ...draft[f.fieldKey] })),
    [fields, draft],
  );
  const set = (f: EvalFieldItem, patch: Partial<Choice>) =>
    setDraft((d) => {
      const next = { ...current(f), ...patch };
      if (!next.display) next.required = false;
      return { ...d, [f.fieldKey]: next };
    });

  const cancel = async () => {
    if (changes.length && !(await askConfirm({ title: '取消修改', message: '确认取消当前操作?', confirmLabel: '确认' }))) return;
    setDraft({});
  };

  return (
    <>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="字段设置">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>字段名称</Table.Th>
            <Table.Th w={140}>是否填写</Table.Th>
            <Table.Th w={140}>是否必填</Table.Th>
            <Table.Th w={140}>字段类型</Table.Th>
            <Table.Th w={160}>可调整项</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fields.map((f) => {
            const c = current(f);
            return (
              <Table.Tr key={f.fieldKey}>
                <Table.Td>{f.fieldName}</Table.Td>
                <Table.Td>
                  <Switch
                    checked={c.display}
                    disabled={f.entryType !== 1 || saving}
                    onChange={(e) => set(f, { display: e.currentTarget.checked })}
                    aria-label={`${f.fieldName}是否填写`}
                    onLabel="是"
                    offLabel="否"
                    size="md"
                  />
                </Table.Td>
                <Table.Td>
                  <Switch
                    checked={c.required}
                    disabled={f.entryType === 0 || !c.display || saving}
                    onChange={(e) => set(f, { required: e.currentTarget.checked })}
                    aria-label={`${f.fieldName}是否必填`}
                    onLabel="是"
                    offLabel="否"
                    size="md"
                  />
                </Table.Td>
                <Table.Td>{FIELD_TYPE_LABELS[f.fieldType]}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={f.entryType === 0 ? 'gray' : f.entryType === 2 ? 'orange' : 'blue'}>
                    {ENTRY_TYPE_LABELS[f.entryType]}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Group justify="space-between" mt="md">
        <Text size="sm" c="dimmed">
          {changes.length ? `已修改 ${changes.length} 个字段，应用后立即用于估价表单` : '隐藏的字段不会要求必填'}
        </Text>
        <Group gap="sm">
          <Button variant="default" onClick={() => void cancel()} disabled={saving}>
            取消
          </Button>
          <Button onClick={() => onSave(changes)} loading={saving} disabled={!changes.length}>
            应用
          </Button>
        </Group>
      </Group>
    </>
  );
}
