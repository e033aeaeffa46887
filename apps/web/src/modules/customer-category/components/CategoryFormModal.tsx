import { Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  CUSTOMER_CATEGORY_LIMITS,
  customerCategoryAddSchema,
  customerCategoryEditSchema,
  CustomerCategoryMsg,
  type CustomerCategoryAdd,
} from '@valuation/domain';
import { FormDialog } from '@valuation/ui';
import { useState } from 'react';
import { failureMessage } from '../../../app/api/api-error';
import { useAddCustomerCategory, useEditCustomerCategory } from '../api/customer-category-api';
import { categoryRequest, initialCategoryForm, type CategoryFormTarget, type CategoryFormValues } from '../model/category-form';

/** 新增客户类别 / 编辑客户类别: name and remark, checked with the server's schema; adding offers 保存并继续. */
export function CategoryFormModal({ target, onClose }: { target: CategoryFormTarget | null; onClose: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const add = useAddCustomerCategory();
  const edit = useEditCustomerCategory();
  const current: CategoryFormTarget = target ?? { kind: 'add' };

  const close = () => {
    setFailure(null);
    onClose();
  };

  const submit = async (request: CustomerCategoryAdd & { id?: number }) => {
    setFailure(null);
    try {
      if (current.kind === 'edit') await edit.mutateAsync({ id: current.row.id, name: request.name, remark: request.remark });
      else await add.mutateAsync({ name: request.name, remark: request.remark });
    } catch (error) {
      setFailure(failureMessage(error));
      return false;
    }
    notifications.show({ color: 'green', message: current.kind === 'edit' ? CustomerCategoryMsg.edited : CustomerCategoryMsg.added });
  };

  return (
    <FormDialog<CategoryFormValues, typeof customerCategoryAddSchema | typeof customerCategoryEditSchema>
      opened={target !== null}
      title={current.kind === 'edit' ? '编辑客户类别' : '新增客户类别'}
      schema={current.kind === 'edit' ? customerCategoryEditSchema : customerCategoryAddSchema}
      initialValues={initialCategoryForm(current)}
      toInput={(values) => categoryRequest(current, values)}
      onSubmit={submit}
      onClose={close}
      continueLabel={current.kind === 'add' ? '保存并继续' : undefined}
      failure={failure}
      size={480}
    >
      {(form) => (
        <>
          <TextInput
            label="类别名称"
            placeholder="例如 银行"
            withAsterisk
            data-autofocus
            maxLength={CUSTOMER_CATEGORY_LIMITS.name}
            {...form.getInputProps('name')}
          />
          <Textarea label="备注" autosize minRows={3} maxLength={CUSTOMER_CATEGORY_LIMITS.remark} {...form.getInputProps('remark')} />
        </>
      )}
    </FormDialog>
  );
}
