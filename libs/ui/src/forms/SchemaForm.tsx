import { Alert, Button, Group, List, Stack } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { errorsByField, schemaErrors } from './schema-errors';

export type FormValues = Record<string, unknown>;

/** The form handed to the fields (values, errors, input props). */
export type SchemaFormApi<V extends FormValues> = UseFormReturnType<V>;

/** How the user saved: 保存 closes the dialog, 保存并继续 empties it for the next entry. */
export type SaveMode = 'save' | 'continue';

/** A form checked with the schema the server checks the request with. */
export interface SchemaFormOptions<V extends FormValues, S extends z.ZodType> {
  /** The schema the server checks the request with: its rules, words and order. */
  schema: S;
  initialValues: V;
  /** The request the schema reads, from the form's values (ids, versions, conversions); the values themselves by default. */
  toInput?: (values: V) => unknown;
  /** More checks than the schema's (against stored values, files); message by field, in the spec's order. */
  extraErrors?: (values: V) => Record<string, string>;
  /**
   * Sends the checked request. Resolving saves (the form empties, or a dialog closes); resolving
   * false, or throwing, keeps what was typed.
   */
  onSubmit: (request: z.output<S>, values: V, mode: SaveMode) => Promise<boolean | void>;
}

export interface SchemaFormState<V extends FormValues> {
  form: UseFormReturnType<V>;
  /** The save under way, if any. */
  pending: SaveMode | null;
  /** Checks and sends the form; resolves true once the server took it. */
  save: (mode: SaveMode) => Promise<boolean>;
}

export function useSchemaForm<V extends FormValues, S extends z.ZodType>({
  schema,
  initialValues,
  toInput,
  extraErrors,
  onSubmit,
}: SchemaFormOptions<V, S>): SchemaFormState<V> {
  const [pending, setPending] = useState<SaveMode | null>(null);
  const form = useForm<V>({
    mode: 'controlled',
    initialValues,
    validate: (values) => {
      const errors = errorsByField(schemaErrors(schema, toInput ? toInput(values) : values));
      return { ...errors, ...Object.fromEntries(Object.entries(extraErrors?.(values) ?? {}).filter(([k]) => !(k in errors))) };
    },
  });

  const save = async (mode: SaveMode) => {
    if (pending) return false;
    if (form.validate().hasErrors) return false;
    const parsed = schema.safeParse(toInput ? toInput(form.getValues()) : form.getValues());
    if (!parsed.success) return false;
    setPending(mode);
    try {
      const saved = (await onSubmit(parsed.data, form.getValues(), mode)) !== false;
      if (saved) form.reset();
      return saved;
    } catch {
      /* the caller has shown why; what was typed stays */
      return false;
    } finally {
      setPending(null);
    }
  };

  return { form, pending, save };
}

export interface SchemaFormBodyProps<V extends FormValues> {
  state: SchemaFormState<V>;
  children: (form: UseFormReturnType<V>) => ReactNode;
  submitLabel?: string;
  /** The label of 保存并继续; the button is absent without it. */
  continueLabel?: string;
  /** The cancel button; absent without a handler. */
  onCancel?: () => void;
  cancelLabel?: string;
  /** A failure of the last save (a server message). */
  failure?: ReactNode;
  /** Called once a save was taken (保存 or 保存并继续). */
  onSaved?: (mode: SaveMode) => void;
}

/** The form itself: every broken rule listed above the fields, the fields, the server's failure and the buttons. */
export function SchemaFormBody<V extends FormValues>({
  state,
  children,
  submitLabel = '保存',
  continueLabel,
  onCancel,
  cancelLabel = '取消',
  failure,
  onSaved,
}: SchemaFormBodyProps<V>) {
  const { form, pending, save } = state;
  const submit = async (mode: SaveMode) => {
    if (await save(mode)) onSaved?.(mode);
  };
  const messages = Object.values(form.errors).filter((m): m is string => typeof m === 'string' && m !== '');
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit('save');
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
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={pending !== null}>
              {cancelLabel}
            </Button>
          )}
          {continueLabel && (
            <Button variant="light" loading={pending === 'continue'} disabled={pending === 'save'} onClick={() => void submit('continue')}>
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
}

export interface SchemaFormProps<V extends FormValues, S extends z.ZodType>
  extends SchemaFormOptions<V, S>, Omit<SchemaFormBodyProps<V>, 'state'> {}

/** A form on the page (not in a dialog), checked with the server's schema. */
export function SchemaForm<V extends FormValues, S extends z.ZodType>({
  schema,
  initialValues,
  toInput,
  extraErrors,
  onSubmit,
  ...body
}: SchemaFormProps<V, S>) {
  const state = useSchemaForm({ schema, initialValues, toInput, extraErrors, onSubmit });
  return <SchemaFormBody state={state} {...body} />;
}
