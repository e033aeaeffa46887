import { Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { FormDialog } from '@valuation/ui';
import { useState } from 'react';
import type { z } from 'zod';
import { failureMessage } from '../api/api-error';
import { initialNameRemark, nameRemarkRequest, type NameRemarkTarget, type NameRemarkValues } from './name-remark-form';

type NameRemarkSchema = z.ZodType<{ name: string; remark: string }>;

/** What one kind of name-and-remark record calls things, and the server's schemas and messages for it. */
export interface NameRemarkKind {
  /** 业务, 客户类别: the dialog is 新增… or 编辑…. */
  noun: string;
  nameLabel: string;
  namePlaceholder: string;
  limits: { name: number; remark: number };
  addSchema: NameRemarkSchema;
  editSchema: NameRemarkSchema;
  messages: { added: string; edited: string };
}

/**
 * The add and edit dialog of a name-and-remark record, checked with the server's schema; adding
 * offers 保存并继续. `save` sends the request (the id on edit) and rejects with the server's answer.
 */
export function NameRemarkDialog({
  kind,
  target,
  save,
  onClose,
}: {
  kind: NameRemarkKind;
  target: NameRemarkTarget | null;
  save: (request: { id?: number; name: string; remark: string }) => Promise<unknown>;
  onClose: () => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const current: NameRemarkTarget = target ?? { kind: 'add' };

  const close = () => {
    setFailure(null);
    onClose();
  };

  const submit = async (request: { name: string; remark: string }) => {
    setFailure(null);
    try {
      await save(current.kind === 'edit' ? { id: current.id, name: request.name, remark: request.remark } : request);
    } catch (error) {
      setFailure(failureMessage(error));
      return false;
    }
    notifications.show({ color: 'green', message: current.kind === 'edit' ? kind.messages.edited : kind.messages.added });
  };

  return (
    <FormDialog<NameRemarkValues, NameRemarkSchema>
      opened={target !== null}
      title={`${current.kind === 'edit' ? '编辑' : '新增'}${kind.noun}`}
      schema={current.kind === 'edit' ? kind.editSchema : kind.addSchema}
      initialValues={initialNameRemark(current)}
      toInput={(values) => nameRemarkRequest(current, values)}
      onSubmit={submit}
      onClose={close}
      continueLabel={current.kind === 'add' ? '保存并继续' : undefined}
      failure={failure}
      size={480}
    >
      {(form) => (
        <>
          <TextInput
            label={kind.nameLabel}
            placeholder={kind.namePlaceholder}
            withAsterisk
            data-autofocus
            maxLength={kind.limits.name}
            {...form.getInputProps('name')}
          />
          <Textarea label="备注" autosize minRows={3} maxLength={kind.limits.remark} {...form.getInputProps('remark')} />
        </>
      )}
    </FormDialog>
  );
}
