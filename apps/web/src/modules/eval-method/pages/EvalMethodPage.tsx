import { Skeleton, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { EvalMethodMsg } from '@valuation/domain';
import { LoadError, PageSection } from '@valuation/ui';
import { useLoginUser } from '../../../app/session/session-queries';
import { useEvalMethodSetting, useSaveEvalMethod } from '../api/eval-method-api';
import { EvalMethodForm } from '../components/EvalMethodForm';

/** Route evaluationmethod (`/channel/evaluationmethod`, permission 103): the channel's valuation methods and confidence class. */
export function EvalMethodPage() {
  const user = useLoginUser('tenant');
  const tenantId = user.data?.tenantId;
  const setting = useEvalMethodSetting(tenantId);
  const save = useSaveEvalMethod();
  let body;
  if (setting.isError && !setting.data) body = <LoadError message="估价方法加载失败" onRetry={() => void setting.refetch()} />;
  else if (!setting.data || tenantId === undefined)
    body = (
      <Stack gap="sm">
        <Skeleton h={80} />
        <Skeleton h={60} />
      </Stack>
    );
  else
    body = (
      <EvalMethodForm
        key={setting.dataUpdatedAt}
        setting={setting.data}
        saving={save.isPending}
        onSave={(v) =>
          save.mutate({ tenantId, ...v }, { onSuccess: () => notifications.show({ color: 'green', message: EvalMethodMsg.saved }) })
        }
      />
    );
  return <PageSection title="估价方法">{body}</PageSection>;
}
