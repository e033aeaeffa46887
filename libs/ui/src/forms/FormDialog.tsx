import { Drawer, Modal } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import type { z } from 'zod';
import { askConfirm, DISCARD_CHANGES } from './confirm';
import { SchemaFormBody, useSchemaForm, type FormValues, type SchemaFormBodyProps, type SchemaFormOptions } from './SchemaForm';

export interface FormDialogProps<V extends FormValues, S extends z.ZodType>
  extends SchemaFormOptions<V, S>, Pick<SchemaFormBodyProps<V>, 'children' | 'submitLabel' | 'continueLabel' | 'cancelLabel' | 'failure'> {
  opened: boolean;
  title: ReactNode;
  onClose: () => void;
  as?: 'modal' | 'drawer';
  size?: number | string;
}

/**
 * A create/edit dialog (or drawer) driven by the server's schema: on save every broken rule is
 * shown at once, on its field and listed in the spec's order; 保存 closes it, 保存并继续 empties it;
 * closing with changes asks 您确定要放弃本次编辑内容吗? first.
 */
export function FormDialog<V extends FormValues, S extends z.ZodType>({
  opened,
  title,
  schema,
  initialValues,
  toInput,
  extraErrors,
  onSubmit,
  onClose,
  as = 'modal',
  size,
  ...body
}: FormDialogProps<V, S>) {
  const state = useSchemaForm({ schema, initialValues, toInput, extraErrors, onSubmit });
  const { form, pending } = state;
  const asking = useRef(false);

  /* Each opening starts from the values given for it. */
  const { setInitialValues, reset } = form;
  useEffect(() => {
    if (!opened) return;
    setInitialValues(initialValues);
    reset();
    // Only an opening resets the form; the caller's values object may be rebuilt on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  const close = () => {
    form.reset();
    onClose();
  };

  const requestClose = async () => {
    if (pending || asking.current) return;
    if (!form.isDirty()) return close();
    asking.current = true;
    const discard = await askConfirm({ message: DISCARD_CHANGES });
    asking.current = false;
    if (discard) close();
  };

  const content = (
    <SchemaFormBody state={state} onCancel={() => void requestClose()} onSaved={(mode) => mode === 'save' && close()} {...body} />
  );
  const common = { opened, title, onClose: () => void requestClose(), closeOnClickOutside: pending === null };
  return as === 'drawer' ? (
    <Drawer {...common} position="right" size={size ?? 520}>
      {content}
    </Drawer>
  ) : (
    <Modal {...common} centered size={size ?? 520}>
      {content}
    </Modal>
  );
}
