import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

/** The spec's question when a dialog with changes is closed. */
export const DISCARD_CHANGES = '您确定要放弃本次编辑内容吗?';

export interface ConfirmOptions {
  title?: ReactNode;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** A destructive action: the confirm button is red. */
  danger?: boolean;
}

/**
 * Asks a question in a confirmation dialog (@mantine/modals; the app root holds the
 * ModalsProvider); resolves true when confirmed, false when cancelled or closed.
 */
export function askConfirm({
  title = '提示',
  message,
  confirmLabel = '确定',
  cancelLabel = '取消',
  danger = false,
}: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title,
      centered: true,
      size: 'sm',
      zIndex: 400,
      children: typeof message === 'string' ? <Text size="sm">{message}</Text> : message,
      labels: { confirm: confirmLabel, cancel: cancelLabel },
      confirmProps: danger ? { color: 'red' } : undefined,
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
