import { Alert, Button, Group, Modal, Progress, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { BATCH_SUBCODE_NEEDS_UNIVERSAL, type BatchUploadResult } from '@valuation/contracts';
import {
  BATCH_FILE_EXTENSIONS,
  BATCH_PHONE_MAX,
  BATCH_TASK_NAME_MAX,
  BATCH_UPLOAD_SUCCESS_CLOSE_MS,
  BatchMsg,
  checkBatchFileName,
  checkBatchFileSize,
  checkBatchPhone,
  checkBatchTaskName,
  formatBatchPhone,
  fileSizeText,
  type BatchCheck,
} from '@valuation/domain';
import { askConfirm, FileDropzone } from '@valuation/ui';
import { useEffect, useReducer, useRef, useState } from 'react';
import { isApiError } from '../../../app/api/api-error';
import { isAbortError } from '../../../app/api/upload-with-progress';
import { BATCH_URL, evaluateWithUniversal, uploadBatchFile } from '../api/batch-api';
import { useLeaveGuard } from '../../../app/navigation/use-leave-guard';
import { IDLE, isTransferring, sentPercent, uploadReducer } from '../model/upload-flow';

/** Asked when the dialog is closed during an upload. */
const CANCEL_UPLOAD = '确定取消上传吗？';

const failure = (check: BatchCheck<unknown>) => (check.ok ? undefined : check.message);

/** The file checks of the dialog on pick, as the server makes them: type by extension, then size. */
function checkFile(file: File): string | undefined {
  return failure(checkBatchFileName(file.name)) ?? failure(checkBatchFileSize(file.size));
}

const checkPicked = (files: readonly File[]) => (files[0] ? (checkFile(files[0]) ?? null) : null);

export interface CreateTaskDialogProps {
  opened: boolean;
  /** A loan book (贷款台账): the file carries each property's loan; its valued rows become assets. */
  book?: boolean;
  onClose: () => void;
  /** A task was created: the dialog has closed and the list should reload from page 1. */
  onCreated: () => void;
}

interface FieldErrors {
  file?: string;
  taskName?: string;
  phone?: string;
}

function needsUniversal(subCode: number | undefined, data: unknown): data is BatchUploadResult {
  return subCode === BATCH_SUBCODE_NEEDS_UNIVERSAL && typeof data === 'object' && data !== null && 'batchId' in data;
}

/** Create-task dialog: file, task name and optional SMS phone; uploads with progress and can be cancelled. */
export function CreateTaskDialog({ opened, book = false, onClose, onCreated }: CreateTaskDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const [created, setCreated] = useState<BatchUploadResult | null>(null);
  const [taskName, setTaskName] = useState('');
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [stage, dispatch] = useReducer(uploadReducer, IDLE);
  const abort = useRef<AbortController | null>(null);
  const transferring = isTransferring(stage);
  const busy = stage.kind !== 'idle';
  const blocker = useLeaveGuard(transferring);

  const clearForm = () => {
    setFile(null);
    setTaskName('');
    setPhone('');
    setErrors({});
  };

  const cancelTransfer = () => {
    abort.current?.abort();
    abort.current = null;
    dispatch({ type: 'reset' });
  };

  useEffect(() => {
    if (stage.kind !== 'done') return;
    const timer = window.setTimeout(() => {
      dispatch({ type: 'reset' });
      clearForm();
      onCreated();
    }, BATCH_UPLOAD_SUCCESS_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [stage.kind, onCreated]);

  useEffect(() => () => abort.current?.abort(), []);

  const pickFile = (picked: File[]) => {
    if (stage.kind === 'idle' && stage.error) dispatch({ type: 'reset' });
    setErrors((e) => ({ ...e, file: undefined }));
    setFile(picked[0] ?? null);
  };

  const fail = (error: unknown) => {
    if (isAbortError(error)) return;
    dispatch({ type: 'failed', error: error instanceof Error ? error.message : String(error) });
    setFile(null);
  };

  const submit = async () => {
    const name = checkBatchTaskName(taskName);
    const recvPhone = checkBatchPhone(phone);
    const next: FieldErrors = { file: file ? checkFile(file) : BatchMsg.fileMissing, taskName: failure(name), phone: failure(recvPhone) };
    setErrors(next);
    if (!file || next.file || !name.ok || !recvPhone.ok) return;

    const controller = new AbortController();
    abort.current = controller;
    dispatch({ type: 'reset' });
    dispatch({ type: 'start', total: file.size });
    try {
      const answer = await uploadBatchFile(
        { file, taskName: name.value, phone: recvPhone.value ?? '' },
        {
          signal: controller.signal,
          onProgress: (p) => dispatch({ type: 'progress', loaded: p.loaded, total: p.total }),
          onSent: () => dispatch({ type: 'sent' }),
        },
        book ? BATCH_URL.bookUpload : BATCH_URL.upload,
      );
      if (needsUniversal(answer.subCode, answer.data)) {
        void askUniversal(answer.data);
      } else {
        setCreated(answer.data);
        dispatch({ type: 'succeeded' });
      }
    } catch (error) {
      if (isApiError(error) && needsUniversal(error.subCode, error.data)) {
        void askUniversal(error.data);
      } else {
        fail(error);
      }
    }
  };

  /** 包年城市次数不足，是否使用通用次数? Yes values the held task with nationwide counts; no cancels it. */
  const askUniversal = async (held: BatchUploadResult) => {
    dispatch({ type: 'needsUniversal', batchId: held.batchId, evalTotal: held.evalTotal, shortfall: held.shortfall });
    const use = await askConfirm({
      message: (
        <Stack gap="xs">
          <Text size="sm">{BatchMsg.useUniversal}</Text>
          <Text size="sm" c="dimmed">
            本任务共 {held.evalTotal} 条{held.shortfall !== undefined ? `，包年城市次数还差 ${held.shortfall} 次` : ''}。
          </Text>
        </Stack>
      ),
      confirmLabel: '是',
      cancelLabel: '否',
    });
    if (!use) return declineUniversal();
    const controller = new AbortController();
    abort.current = controller;
    dispatch({ type: 'useUniversal' });
    try {
      await evaluateWithUniversal(held.batchId, controller.signal);
      dispatch({ type: 'succeeded' });
    } catch (error) {
      fail(error);
    }
  };

  const declineUniversal = () => {
    notifications.show({ color: 'yellow', message: BatchMsg.contactAdmin, autoClose: 2000 });
    cancelTransfer();
    clearForm();
  };

  const requestClose = async () => {
    if (transferring) {
      if (await askConfirm({ message: CANCEL_UPLOAD, confirmLabel: '确定', cancelLabel: '继续上传', danger: true })) {
        cancelTransfer();
        clearForm();
        onClose();
      }
      return;
    }
    if (stage.kind === 'done' || stage.kind === 'confirm') return;
    dispatch({ type: 'reset' });
    clearForm();
    onClose();
  };

  /* Leaving the page during an upload asks first (估价文件正在上传…); leaving cancels the upload. */
  const held = useRef(blocker);
  useEffect(() => {
    held.current = blocker;
  });
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void askConfirm({ message: BatchMsg.uploadConfirmLeave, confirmLabel: '离开', cancelLabel: '留在此页', danger: true }).then((leave) => {
      if (!leave) return held.current.reset?.();
      abort.current?.abort();
      abort.current = null;
      dispatch({ type: 'reset' });
      setFile(null);
      setTaskName('');
      setPhone('');
      setErrors({});
      held.current.proceed?.();
    });
  }, [blocker.state]);

  const percent = sentPercent(stage);

  return (
    <>
      <Modal
        opened={opened}
        onClose={() => void requestClose()}
        title={book ? '导入贷款台账' : '新建任务'}
        centered
        size="lg"
        closeOnClickOutside={!busy}
      >
        <Stack gap="md">
          <FileDropzone
            label="上传文件"
            required
            description={`${book ? '按贷款台账模板填写；已有资产的贷款编号只更新贷款信息。' : ''}支持 .xls、.xlsx、.csv，文件大小不超过5MB，最多10000行；CSV 文件建议使用 GB 系列编码`}
            extensions={BATCH_FILE_EXTENSIONS}
            files={file ? [file] : []}
            onChange={pickFile}
            check={checkPicked}
            error={errors.file}
            disabled={busy}
          />
          <TextInput
            label="任务名称"
            withAsterisk
            placeholder="请输入任务名称"
            maxLength={BATCH_TASK_NAME_MAX}
            value={taskName}
            onChange={(e) => {
              setTaskName(e.currentTarget.value);
              if (errors.taskName) setErrors((er) => ({ ...er, taskName: undefined }));
            }}
            error={errors.taskName}
            disabled={busy}
            rightSection={
              <Text size="xs" c="dimmed">
                {taskName.length}/{BATCH_TASK_NAME_MAX}
              </Text>
            }
            rightSectionWidth={48}
          />
          <TextInput
            label="接收短信手机号"
            placeholder="选填，估价完成后发送短信通知"
            inputMode="numeric"
            autoComplete="tel"
            maxLength={BATCH_PHONE_MAX}
            value={phone}
            onChange={(e) => {
              setPhone(formatBatchPhone(e.currentTarget.value));
              if (errors.phone) setErrors((er) => ({ ...er, phone: undefined }));
            }}
            error={errors.phone}
            disabled={busy}
          />

          {stage.kind === 'uploading' && (
            <div>
              <Group justify="space-between" mb={6}>
                <Text size="sm">正在上传…</Text>
                <Text size="sm" c="dimmed">
                  {fileSizeText(stage.loaded)} / {fileSizeText(stage.total)}（{percent}%）
                </Text>
              </Group>
              <Progress value={percent} size="lg" radius="xl" aria-label="上传进度" />
            </div>
          )}
          {(stage.kind === 'checking' || stage.kind === 'evaluating' || stage.kind === 'confirm') && (
            <div>
              <Text size="sm" mb={6}>
                {stage.kind === 'evaluating' ? '正在提交估价…' : '文件校验中…'}
              </Text>
              <Progress value={100} size="lg" radius="xl" striped animated={stage.kind !== 'confirm'} aria-label="上传进度" />
            </div>
          )}
          {stage.kind === 'done' && (
            <Alert color="green" variant="light" title="上传成功">
              {book && created
                ? `新增 ${created.evalTotal} 笔贷款，正在估价（可在批量估价中查看进度）；更新已有贷款 ${created.updated ?? 0} 笔。`
                : '任务已创建，正在估价，可在列表中查看进度。'}
            </Alert>
          )}
          {stage.kind === 'idle' && stage.error && (
            <Alert color="red" variant="light" title="上传失败">
              {stage.error}
            </Alert>
          )}

          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={() => void requestClose()} disabled={stage.kind === 'done'}>
              {transferring ? '取消上传' : '取消'}
            </Button>
            <Button onClick={() => void submit()} loading={busy && stage.kind !== 'done'} disabled={stage.kind === 'done'}>
              提交
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
