import { PeriodicTask } from './periodic-task';

describe('PeriodicTask', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs every interval without overlapping a slow run, reports failures and stops after the run in progress', async () => {
    let calls = 0;
    let release: () => void = () => undefined;
    const errors: string[] = [];
    const task = new PeriodicTask(
      100,
      () => {
        calls++;
        if (calls === 1) return Promise.reject(new Error('database unreachable'));
        return new Promise<void>((resolve) => (release = resolve));
      },
      (error) => errors.push(error.message),
    );
    task.start();
    await jest.advanceTimersByTimeAsync(100);
    expect(errors).toEqual(['database unreachable']);
    await jest.advanceTimersByTimeAsync(100);
    expect(calls).toBe(2);
    await jest.advanceTimersByTimeAsync(300);
    expect(calls).toBe(2);

    let stopped = false;
    const stopping = task.stop().then(() => (stopped = true));
    await jest.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    release();
    await stopping;
    await jest.advanceTimersByTimeAsync(500);
    expect(calls).toBe(2);
  });
});
