import { notifications } from '@mantine/notifications';

const STORAGE_KEY = 'valuation:notice-after-reload';

/**
 * Shows a success message now and once more when the page has reloaded: a save that reloads the
 * page right after (the site configuration) would otherwise take its confirmation away with it.
 */
export function noticeAcrossReload(message: string): void {
  notifications.show({ color: 'green', message });
  try {
    window.sessionStorage.setItem(STORAGE_KEY, message);
  } catch {
    /* storage refused (private mode): the message is shown once */
  }
}

/** Shows the message left by noticeAcrossReload before the reload, once. */
export function showNoticeLeftBeforeReload(): void {
  let message: string | null = null;
  try {
    message = window.sessionStorage.getItem(STORAGE_KEY);
    window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    return;
  }
  if (message) notifications.show({ color: 'green', message });
}
