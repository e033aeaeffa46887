import { Group, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  AGENCY_LIMITS,
  AgencyMsg,
  agencyPickedFilesProblem,
  agencyPushReportSchema,
  agencyReceiveSchema,
  evalPriceUnit,
  totalPriceFromInput,
  unitPriceUnit,
} from '@valuation/domain';
import { FormDialog, PageSection, SchemaForm, type FormValues, type SchemaFormApi, type SchemaFormOptions } from '@valuation/ui';
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { isApiError } from '../../../app/api/api-error';
import { usePushAgencyReport, useReceiveAgency } from '../api/agency-api';
import { AgencyFilePicker } from './AgencyFilePicker';

/** The application a channel acts on: the version shown, so that a change by someone else since is refused. */
export interface AgencyActionTarget {
  kind: 'receive' | 'reply';
  detailID: number;
  version: number;
  /** 1 sale (total typed in 万元, sent in 元; 元/㎡), 2 rent (元/月, 元/月/㎡). */
  evalType: number;
  /** Who and what the application is about, shown above the dialog's fields. */
  summary?: string;
}

interface ReceiveValues extends FormValues {
  receiverName: string;
  receiverPhone: string;
}

interface ReplyValues extends FormValues {
  reportResult: string;
  reportResultSingle: string;
  files: File[];
}

/** One action's form: the server's schema and request, the labels, the last failure and the fields. */
interface ActionForm<V extends FormValues, S extends z.ZodType> {
  options: SchemaFormOptions<V, S>;
  title: string;
  submitLabel: string;
  failure: string | null;
  clearFailure: () => void;
  fields: (form: SchemaFormApi<V>) => ReactNode;
}

/** The server's message of a refused action (a conflict, a state that moved on); network failures are shown by the API client. */
const failureOf = (error: unknown) => (isApiError(error) && error.kind === 'response' ? error.message : null);

/** Sends a request and shows the server's answer: its message on success, the failure in the form otherwise. */
function useActionSender(onDone: () => void) {
  const [failure, setFailure] = useState<string | null>(null);
  const send = async (request: () => Promise<string | undefined>) => {
    setFailure(null);
    try {
      const message = await request();
      if (message) notifications.show({ color: 'green', message });
    } catch (error) {
      setFailure(failureOf(error));
      return false;
    }
    onDone();
  };
  return { failure, clearFailure: () => setFailure(null), send };
}

/** 接收: the receiver's name (at most 10 characters) and phone. */
function useReceiveForm(target: AgencyActionTarget | null, onDone: () => void): ActionForm<ReceiveValues, typeof agencyReceiveSchema> {
  const receive = useReceiveAgency();
  const { failure, clearFailure, send } = useActionSender(onDone);
  return {
    options: {
      schema: agencyReceiveSchema,
      initialValues: { receiverName: '', receiverPhone: '' },
      toInput: (v) => ({ ...v, detailID: target?.detailID, version: target?.version }),
      onSubmit: (request) => send(() => receive.mutateAsync(request)),
    },
    title: '接收估价申请',
    submitLabel: '接收',
    failure,
    clearFailure,
    fields: (form) => (
      <Group grow align="flex-start">
        <TextInput
          label="接收人姓名"
          withAsterisk
          data-autofocus
          placeholder={AgencyMsg.receiverNameRequired}
          maxLength={AGENCY_LIMITS.receiverName}
          {...form.getInputProps('receiverName')}
        />
        <TextInput label="接收人电话" withAsterisk placeholder="请输入联系电话" maxLength={13} {...form.getInputProps('receiverPhone')} />
      </Group>
    ),
  };
}

/** 回复: the total and unit price (up to 2 decimals) and one to five report files (PDF, Word or archives). */
function useReplyForm(target: AgencyActionTarget | null, onDone: () => void): ActionForm<ReplyValues, typeof agencyPushReportSchema> {
  const push = usePushAgencyReport();
  const { failure, clearFailure, send } = useActionSender(onDone);
  const rent = target?.evalType === 2;
  return {
    options: {
      schema: agencyPushReportSchema,
      initialValues: { reportResult: '', reportResultSingle: '', files: [] },
      toInput: (v) => ({
        reportResult: v.reportResult,
        reportResultSingle: v.reportResultSingle,
        detailID: target?.detailID,
        version: target?.version,
      }),
      extraErrors: (v): Record<string, string> => {
        const problem = agencyPickedFilesProblem('reply', v.files);
        return problem ? { files: problem } : {};
      },
      onSubmit: (request, v) =>
        send(() =>
          push.mutateAsync({
            detailID: request.detailID,
            version: request.version,
            totalPrice: rent ? v.reportResult : String(totalPriceFromInput(v.reportResult, 1) ?? v.reportResult),
            unitPrice: v.reportResultSingle,
            files: v.files,
          }),
        ),
    },
    title: '回复评估结果',
    submitLabel: '提交评估结果',
    failure,
    clearFailure,
    fields: (form) => (
      <>
        <Group grow align="flex-start">
          <TextInput
            label={`评估总价（${evalPriceUnit(rent ? 2 : 1)}）`}
            withAsterisk
            data-autofocus
            placeholder={AgencyMsg.totalPriceRequired}
            inputMode="decimal"
            maxLength={AGENCY_LIMITS.totalPrice}
            {...form.getInputProps('reportResult')}
          />
          <TextInput
            label={`评估单价（${unitPriceUnit(rent ? 2 : 1)}）`}
            withAsterisk
            placeholder={AgencyMsg.unitPriceRequired}
            inputMode="decimal"
            maxLength={AGENCY_LIMITS.unitPrice}
            {...form.getInputProps('reportResultSingle')}
          />
        </Group>
        <AgencyFilePicker
          kind="reply"
          label="评估文件"
          required
          hint={`支持PDF、Word文档或压缩包，${AGENCY_LIMITS.maxFiles}个以内，单个文件不大于10M`}
          files={form.values.files}
          onChange={(files) => form.setFieldValue('files', files)}
          error={typeof form.errors.files === 'string' ? form.errors.files : undefined}
          disabled={push.isPending}
        />
      </>
    ),
  };
}

function ActionDialog<V extends FormValues, S extends z.ZodType>({
  action,
  opened,
  summary,
  onClose,
}: {
  action: ActionForm<V, S>;
  opened: boolean;
  summary?: string;
  onClose: () => void;
}) {
  return (
    <FormDialog<V, S>
      {...action.options}
      opened={opened}
      title={action.title}
      submitLabel={action.submitLabel}
      failure={action.failure}
      onClose={() => {
        action.clearFailure();
        onClose();
      }}
      size="lg"
    >
      {(form) => (
        <>
          {summary && (
            <Text size="sm" c="dimmed">
              {summary}
            </Text>
          )}
          {action.fields(form)}
        </>
      )}
    </FormDialog>
  );
}

/** The channel's two actions on an application from the list, as dialogs: 接收 while pending, 回复 while in progress. */
export function AgencyActionDialog({ target, onClose }: { target: AgencyActionTarget | null; onClose: () => void }) {
  const receive = useReceiveForm(target, onClose);
  const reply = useReplyForm(target, onClose);
  return (
    <>
      <ActionDialog action={receive} opened={target?.kind === 'receive'} summary={target?.summary} onClose={onClose} />
      <ActionDialog action={reply} opened={target?.kind === 'reply'} summary={target?.summary} onClose={onClose} />
    </>
  );
}

function ActionPanel<V extends FormValues, S extends z.ZodType>({ action }: { action: ActionForm<V, S> }) {
  return (
    <PageSection title={action.title}>
      <SchemaForm<V, S> {...action.options} submitLabel={action.submitLabel} failure={action.failure}>
        {action.fields}
      </SchemaForm>
    </PageSection>
  );
}

/** The same two actions on the application's detail page, as a form in the page. */
export function AgencyActionPanel({ target, onDone }: { target: AgencyActionTarget; onDone: () => void }) {
  const receive = useReceiveForm(target, onDone);
  const reply = useReplyForm(target, onDone);
  return target.kind === 'receive' ? <ActionPanel action={receive} /> : <ActionPanel action={reply} />;
}
