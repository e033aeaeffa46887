import { Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { EvalFieldMsg } from '@valuation/domain';
import { LoadError, PageSection } from '@valuation/ui';
import { useFieldSettings, useSaveFieldSettings, type FieldSettingsSide } from '../api/field-settings-api';
import { FieldSettingsTable } from '../components/FieldSettingsTable';

function FieldSettings({ side, hint }: { side: FieldSettingsSide; hint: string }) {
  const fields = useFieldSettings(side);
  const save = useSaveFieldSettings(side);
  let body;
  if (fields.isError && !fields.data) body = <LoadError message="字段设置加载失败" onRetry={() => void fields.refetch()} />;
  else if (!fields.data)
    body = (
      <Stack gap="xs">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} h={32} />
        ))}
      </Stack>
    );
  else
    body = (
      <FieldSettingsTable
        key={fields.dataUpdatedAt}
        fields={fields.data}
        saving={save.isPending}
        onSave={(changes) => save.mutate(changes, { onSuccess: () => notifications.show({ color: 'green', message: EvalFieldMsg.saved }) })}
      />
    );
  return (
    <PageSection title="字段设置">
      <Text size="sm" c="dimmed" mb="md">
        {hint}
      </Text>
      {body}
    </PageSection>
  );
}

/** Route Fieldsettings (`/org/Fieldsettings`, permission 19): the valuation form's fields for the caller's company. */
export function FieldSettingsPage() {
  return <FieldSettings side="user" hint="设置本公司估价表单中各字段是否填写、是否必填；未设置的字段沿用渠道设置。" />;
}

/** Route clientFieldsettings (`/channel/clientFieldsettings`, permission 77): the channel's defaults for its customers. */
export function ClientFieldSettingsPage() {
  return <FieldSettings side="tenant" hint="设置客户估价表单中各字段是否填写、是否必填；客户公司自行设置的字段优先。" />;
}
