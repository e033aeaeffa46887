import type { AppConfig } from '@valuation/config';
import { ApiError } from './api-error';
import { ExportSlots } from './xlsx-export';

describe('ExportSlots', () => {
  const slots = (size: number) => new ExportSlots({ EXPORT_CONCURRENCY: size } as AppConfig);
  const open = () => new AbortController().signal;

  it('lets EXPORT_CONCURRENCY run, queues four times as many in order, and refuses beyond', async () => {
    const s = slots(2);
    const first = await s.acquire(open());
    const second = await s.acquire(open());
    const order: number[] = [];
    const waiting = Array.from({ length: 8 }, (_, i) => s.acquire(open()).then((release) => (order.push(i), release)));
    expect(s.queued).toBe(8);
    await expect(s.acquire(open())).rejects.toMatchObject({ code: 429 });
    first();
    first();
    second();
    const releases = [await waiting[0], await waiting[1]];
    expect(order).toEqual([0, 1]);
    expect(s.running).toBe(2);
    releases.forEach((release) => release());
    await waiting[3];
    expect(order).toEqual([0, 1, 2, 3]);
  });

  it('drops a waiting export whose client has gone, and keeps the slot count right', async () => {
    const s = slots(1);
    const held = await s.acquire(open());
    const gone = new AbortController();
    const leaving = s.acquire(gone.signal);
    const staying = s.acquire(open());
    gone.abort(new ApiError(429, '已离开'));
    await expect(leaving).rejects.toMatchObject({ message: '已离开' });
    expect(s.queued).toBe(1);
    held();
    (await staying)();
    expect(s.running).toBe(0);
    expect(s.queued).toBe(0);
  });
});
