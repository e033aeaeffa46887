import { Alert, Button, Drawer, Group, List, Modal, Stack } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { askConfirm, DISCARD_CHANGES } from './confirm';
import { errorsByField, schemaErrors } from './schema-errors';

export type FormValues = Record<string, unknown>;

/** How the user saved: 保存 closes the dialog, 保存并继续 empties it for the next entry. */
export type SaveMode = 'save' | 'continue';

export interface FormDialogProps<V extends FormValues, S extends z.ZodType> {
  opened: boolean;
  title: ReactNode;
  /** The schema the server checks the request with: its rules, words and order. */
  schema: S;
  initialValues: V;
  /** The request the schema reads, from the form's values (ids, versions, conversions); the values themselves by default. */
  toInput?: (values: V) => unknown;
  /** More checks than the schema's (against stored values); message by field, in the spec's order. */
  extraErrors?: (values: V) => Record<string, string>;
  /**
   * Sends the checked request. Resolving closes the dialog (保存) or empties it (保存并继续);
   * resolving false, or throwing, keeps it open with what was typed.
   */
  onSubmit: (request: z.output<S>, values: V, mode: SaveMode) => Promise<boolean | void>;
  onClose: () => void;
  children: (form: UseFormReturnType<V>) => ReactNode;
  submitLabel?: string;
  /** The label of 保存并继续; the button is absent without it. */
  continueLabel?: string;
  cancelLabel?: string;
  /** A failure of the last save (a server message). */
  failure?: ReactNode;
  as?: 'modal' | 'drawer';
  size?: number | string;
}

/**
 * A create/edit dialog (or drawer) driven by the server's schema: on save every broken rule is
 * shown at once, on its field and listed in the spec's order; closing with changes asks
 * 您确定要放弃本次编辑内容吗? first.
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
  children,
  submitLabel = '保存',
  continueLabel,
  cancelLabel = '取消',
  failure,
  as = 'modal',
  size,
}: FormDialogProps<V, S>) {
  const [pending, setPending] = useState<SaveMode | null>(null);
  const asking = useRef(false);
  const form = useForm<V>({
    mode: 'controlled',
    initialValues,
    validate: (values) => {
      const errors = errorsByField(schemaErrors(schema, toInput ? toInput(values) : values));
      return { ...errors, ...Object.fromEntries(Object.entries(extraErrors?.(values) ?? {}).filter(([k]) => !(k in errors))) };
    },
  });

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

  const save = async (mode: SaveMode) => {
    const check = form.validate();
    if (check.hasErrors) return;
    const parsed = schema.safeParse(toInput ? toInput(form.getValues()) : form.getValues());
    if (!parsed.success) return;
    setPending(mode);
    try {
      const kept = (await onSubmit(parsed.data, form.getValues(), mode)) === false;
      if (kept) return;
      if (mode === 'continue') form.reset();
      else close();
    } catch {
      /* the caller has shown why; what was typed stays */
    } finally {
      setPending(null);
    }
  };

  const messages = Object.values(form.errors).filter((m): m is string => typeof m === 'string' && m !== '');
  const body = (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save('save');
      }}
    >
      <Stack gap="md">
        {messages.length > 0 && (
          <Alert color="red" variant="light" py="xs" role="alert" aria-label="请修改以下内容">
            <List size="sm" spacing={2}>
              {messages.map((m) => (
                <List.Item key={m}>{m}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {children(form)}
        {failure && (
          <Alert color="red" variant="light" py="xs">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={() => void requestClose()} disabled={pending !== null}>
            {cancelLabel}
          </Button>
          {continueLabel && (
            <Button variant="light" loading={pending === 'continue'} disabled={pending === 'save'} onClick={() => void save('continue')}>
              {continueLabel}
            </Button>
          )}
          <Button type="submit" loading={pending === 'save'} disabled={pending === 'continue'}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );

  const common = { opened, title, onClose: () => void requestClose(), closeOnClickOutside: pending === null };
  return as === 'drawer' ? (
    <Drawer {...common} position="right" size={size ?? 520}>
      {body}
    </Drawer>
  ) : (
    <Modal {...common} centered size={size ?? 520}>
      {body}
    </Modal>
  );
}
