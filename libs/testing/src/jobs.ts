import type { Job, Queue } from 'bullmq';

/** Waits until a job has completed or failed, and answers it. */
export async function settledJob(queue: Queue, id: string, timeoutMs = 15_000): Promise<Job> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await queue.getJobState(id);
    if (state === 'completed' || state === 'failed') {
      const job = await queue.getJob(id);
      if (job) return job;
    }
    if (Date.now() > deadline) throw new Error(`job ${id} still ${state} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
