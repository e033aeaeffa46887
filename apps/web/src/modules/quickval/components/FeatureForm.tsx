import { Anchor, Collapse, Divider, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { BusinessItem, DictItem, DictLists, EvalFieldItem } from '@valuation/contracts';
import { EVAL_FIELD_BY_KEY, RESIDENTIAL, roomRules } from '@valuation/domain';
import type { ReactNode } from 'react';
import {
  EXTRA_FIELDS,
  isFloorHidden,
  PRECISE_FIELDS,
  totalFloorsProblem,
  withBuildingType,
  type FormField,
  type ValuationFormValues,
} from '../model/valuation-form';

type DictKey = keyof DictLists;

const SELECT_DICT: Partial<Record<FormField, DictKey>> = {
  face: 'face',
  intDeco: 'intDeco',
  bldgType: 'bldgType',
  indoStru: 'indoStru',
  bldgstruCode: 'bldgStru',
};

const UNITS: Partial<Record<FormField, string>> = { buildNo: '栋', unit: '单元', roomNo: '户', lr: '厅', ba: '卫', buildYear: '年' };

export interface FeatureFormProps {
  form: UseFormReturnType<ValuationFormValues>;
  propType: number;
  fields: readonly EvalFieldItem[] | undefined;
  dicts: DictLists | undefined;
  businessTypes: readonly BusinessItem[] | undefined;
  preciseOpen: boolean;
  onTogglePrecise: () => void;
}

const options = (items: readonly DictItem[] | undefined) => (items ?? []).map((d) => ({ value: d.dictCode, label: d.dictName }));

/** Area, floor and total floors, the expandable precise section, then the configurable fields. */
export function FeatureForm({ form, propType, fields, dicts, businessTypes, preciseOpen, onTogglePrecise }: FeatureFormProps) {
  const rules = roomRules(propType);
  const setting = new Map((fields ?? []).map((f) => [f.fieldKey, f]));
  const shown = (key: FormField) => {
    if (key === 'lr' && propType !== RESIDENTIAL) return false;
    const s = setting.get(key);
    return s ? s.display : (EVAL_FIELD_BY_KEY.get(key)?.display ?? true);
  };
  const required = (key: FormField) => Boolean(setting.get(key)?.required ?? EVAL_FIELD_BY_KEY.get(key)?.required);
  const label = (key: FormField) =>
    key === 'br' ? rules.roomWord : (setting.get(key)?.fieldName ?? EVAL_FIELD_BY_KEY.get(key)?.fieldName ?? key);

  const input = (key: FormField): ReactNode => {
    if (!shown(key)) return null;
    const common = { label: label(key), withAsterisk: required(key), ...form.getInputProps(key) };
    if (key === 'businessTypeId') {
      return (
        <Select
          key={form.key(key)}
          {...common}
          placeholder="请选择"
          clearable
          data={(businessTypes ?? []).map((b) => ({ value: String(b.id), label: b.businessName }))}
          comboboxProps={{ withinPortal: true }}
        />
      );
    }
    const dict = SELECT_DICT[key];
    if (dict) {
      const props =
        key === 'bldgType'
          ? { ...common, onChange: (v: string | null) => form.setValues(withBuildingType(form.getValues(), v ?? '')) }
          : common;
      return (
        <Select
          key={form.key(key)}
          {...props}
          placeholder="请选择"
          clearable
          data={options(dicts?.[dict])}
          comboboxProps={{ withinPortal: true }}
        />
      );
    }
    const unit = key === 'br' ? rules.roomWord : UNITS[key];
    return (
      <TextInput
        key={form.key(key)}
        {...common}
        placeholder="请输入"
        rightSection={
          unit ? (
            <Text size="xs" c="dimmed">
              {unit}
            </Text>
          ) : undefined
        }
        rightSectionWidth={unit && unit.length > 1 ? 44 : 28}
      />
    );
  };

  const floorHidden = isFloorHidden(form.getValues());
  const extra = EXTRA_FIELDS.filter(shown);

  return (
    <Stack gap="md">
      <SimpleGrid cols={3} spacing="md">
        <TextInput
          key={form.key('bldgArea')}
          label="面积"
          withAsterisk
          placeholder="请输入"
          rightSection={
            <Text size="xs" c="dimmed">
              ㎡
            </Text>
          }
          {...form.getInputProps('bldgArea')}
        />
        {!floorHidden && (
          <TextInput
            key={form.key('floor')}
            label="所在楼层"
            withAsterisk
            placeholder="地下室请填 -1"
            rightSection={
              <Text size="xs" c="dimmed">
                层
              </Text>
            }
            {...form.getInputProps('floor')}
          />
        )}
        <TextInput
          key={form.key('bheight')}
          label="总楼层"
          withAsterisk
          placeholder="请输入"
          rightSection={
            <Text size="xs" c="dimmed">
              层
            </Text>
          }
          {...form.getInputProps('bheight')}
          onBlur={() => {
            const problem = totalFloorsProblem(form.getValues());
            if (problem) form.setFieldError('bheight', problem);
          }}
        />
      </SimpleGrid>
      <Group justify="space-between">
        <Anchor component="button" type="button" size="sm" onClick={onTogglePrecise} aria-expanded={preciseOpen}>
          {preciseOpen ? '收起精确估价 ▲' : '精确估价（选填）▼'}
        </Anchor>
      </Group>
      <Collapse in={preciseOpen}>
        <SimpleGrid cols={4} spacing="md" pb="xs">
          {PRECISE_FIELDS.map((key) => {
            const node = input(key);
            return node ? <div key={key}>{node}</div> : null;
          })}
        </SimpleGrid>
      </Collapse>
      {extra.length > 0 && (
        <>
          <Divider label="业务信息" labelPosition="left" />
          <SimpleGrid cols={3} spacing="md">
            {extra.map((key) => (
              <div key={key}>{input(key)}</div>
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
