/** Local storage key remembering that the map hint was dismissed. */
export const HINT_STORAGE_KEY = 'isShowPrompt';
const DISMISSED = 'false';

type HintStorage = Pick<Storage, 'getItem' | 'setItem'>;

function browserStorage(): HintStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The hint shows until it is dismissed once; without storage it shows every time. */
export function shouldShowHint(storage: HintStorage | null = browserStorage()): boolean {
  try {
    return storage?.getItem(HINT_STORAGE_KEY) !== DISMISSED;
  } catch {
    return true;
  }
}

export function dismissHint(storage: HintStorage | null = browserStorage()): void {
  try {
    storage?.setItem(HINT_STORAGE_KEY, DISMISSED);
  } catch {
    /* storage full or blocked: the hint shows again next time */
  }
}
