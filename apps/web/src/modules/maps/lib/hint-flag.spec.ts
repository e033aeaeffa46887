import { dismissHint, HINT_STORAGE_KEY, shouldShowHint } from './hint-flag';

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('map hint flag', () => {
  it('shows the hint until it is dismissed, then never again', () => {
    const storage = memoryStorage();
    expect(shouldShowHint(storage)).toBe(true);
    dismissHint(storage);
    expect(storage.data.get(HINT_STORAGE_KEY)).toBe('false');
    expect(HINT_STORAGE_KEY).toBe('isShowPrompt');
    expect(shouldShowHint(storage)).toBe(false);
  });

  it('shows the hint when storage is missing or throws', () => {
    expect(shouldShowHint(null)).toBe(true);
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    expect(shouldShowHint(broken)).toBe(true);
    expect(() => dismissHint(broken)).not.toThrow();
  });
});
