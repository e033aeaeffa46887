import { Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { BUSINESS_LIMITS, businessAddSchema, businessEditSchema, BusinessMsg, type BusinessAdd } from '@valuation/domain';
import { FormDialog } from '@valuation/ui';
import { useState } from 'react';
import { useAddBusiness, useEditBusiness } from '../api/business-api';
import { failureMessage } from '../../../app/api/api-error';
import { businessRequest, initialBusinessForm, type BusinessFormTarget, type BusinessFormValues } from '../model/business-form';

/** 新增业务 / 编辑业务: name and remark, checked with the server's schema; adding offers 保存并继续. */
export function BusinessFormModal({ target, onClose }: { target: BusinessFormTarget | null; onClose: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const add = useAddBusiness();
  const edit = useEditBusiness();
  const current: BusinessFormTarget = target ?? { kind: 'add' };

  const close = () => {
    setFailure(null);
    onClose();
  };

  const submit = async (request: BusinessAdd & { id?: number }) => {
    setFailure(null);
    try {
      if (current.kind === 'edit') await edit.mutateAsync({ id: current.row.id, name: request.name, remark: request.remark });
      else await add.mutateAsync({ name: request.name, remark: request.remark });
    } catch (error) {
      setFailure(failureMessage(error));
      return false;
    }
    notifications.show({ color: 'green', message: current.kind === 'edit' ? BusinessMsg.edited : BusinessMsg.added });
  };

  return (
    <FormDialog<BusinessFormValues, typeof businessAddSchema | typeof businessEditSchema>
      opened={target !== null}
      title={current.kind === 'edit' ? '编辑业务' : '新增业务'}
      schema={current.kind === 'edit' ? businessEditSchema : businessAddSchema}
      initialValues={initialBusinessForm(current)}
      toInput={(values) => businessRequest(current, values)}
      onSubmit={submit}
      onClose={close}
      continueLabel={current.kind === 'add' ? '保存并继续' : undefined}
      failure={failure}
      size={480}
    >
      {(form) => (
        <>
          <TextInput
            label="业务名称"
            placeholder="例如 按揭贷款"
            withAsterisk
            data-autofocus
            maxLength={BUSINESS_LIMITS.name}
            {...form.getInputProps('name')}
          />
          <Textarea label="备注" autosize minRows={3} maxLength={BUSINESS_LIMITS.remark} {...form.getInputProps('remark')} />
        </>
      )}
    </FormDialog>
  );
}
