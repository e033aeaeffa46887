import { notifications } from '@mantine/notifications';
import { Msg } from '@valuation/domain';
import { isApiError } from '../../../app/api/api-error';

/** Shows a failed queue action: a conflict or a vanished case as a warning, other errors with the error prefix. */
export function notifyActionError(error: unknown): void {
  if (!isApiError(error)) return;
  if (error.kind === 'network') return;
  const message = error.code === 409 || error.code === 404 ? error.message : `${Msg.errorPrefix}${error.message}`;
  notifications.show({ color: error.code === 409 ? 'yellow' : 'red', message, autoClose: 4000 });
}
