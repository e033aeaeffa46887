import { Slots, SlotsFullError } from './slots';

/** Lets pending promise callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('Slots', () => {
  it('runs as many as it has slots; the others wait in turn and start as slots free up', async () => {
    const slots = new Slots(2);
    const started: number[] = [];
    const finish: Array<() => void> = [];
    const works = [0, 1, 2, 3].map((i) =>
      slots.run(
        () =>
          new Promise<number>((resolve) => {
            started.push(i);
            finish[i] = () => resolve(i);
          }),
      ),
    );
    await settle();
    expect(started).toEqual([0, 1]);
    expect([slots.running, slots.queued]).toEqual([2, 2]);

    finish[1]();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    finish[0]();
    await settle();
    expect(started).toEqual([0, 1, 2, 3]);
    finish[2]();
    finish[3]();
    await expect(Promise.all(works)).resolves.toEqual([0, 1, 2, 3]);
    expect([slots.running, slots.queued]).toEqual([0, 0]);
  });

  it('frees the slot when the work fails', async () => {
    const slots = new Slots(1);
    await expect(slots.run(() => Promise.reject(new Error('不可读')))).rejects.toThrow('不可读');
    await expect(slots.run(() => Promise.resolve('next'))).resolves.toBe('next');
    expect(slots.running).toBe(0);
  });

  it('refuses a caller beyond the waiting line, and drops one whose signal aborts while waiting', async () => {
    const slots = new Slots(1, 1);
    const held = await slots.acquire();
    const gone = new AbortController();
    const leaving = slots.acquire(gone.signal);
    await expect(slots.acquire()).rejects.toBeInstanceOf(SlotsFullError);
    gone.abort(new Error('client left'));
    await expect(leaving).rejects.toThrow('client left');
    expect(slots.queued).toBe(0);
    const staying = slots.acquire();
    held();
    held();
    const next = await staying;
    expect([slots.running, slots.queued]).toEqual([1, 0]);
    next();
    expect(slots.running).toBe(0);
  });
});
