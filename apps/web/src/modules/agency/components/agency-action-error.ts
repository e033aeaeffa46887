import { notifications } from '@mantine/notifications';
import { isApiError } from '../../../app/api/api-error';

/** Shows the server's message of a failed receive, reply or request (network failures are shown by the API client). */
export function notifyAgencyError(error: unknown): void {
  if (isApiError(error) && error.kind === 'response') notifications.show({ color: 'red', message: error.message });
}
