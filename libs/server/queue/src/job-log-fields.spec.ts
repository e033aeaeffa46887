import type { Job } from 'bullmq';
import { jobLogFields } from './job-workers.service';

const job = (data: unknown) => ({ id: '42', name: 'batch.chunk', data }) as Job;

describe('jobLogFields', () => {
  it('names the queue and job, and the task and tenant of the payload', () => {
    expect(jobLogFields('batch', job({ taskId: 7, tenantId: 2, chunk: 3 }))).toEqual({
      queue: 'batch',
      jobId: '42',
      jobName: 'batch.chunk',
      taskId: 7,
      tenantId: 2,
    });
  });

  it('leaves out what the payload does not carry as a plain value', () => {
    expect(jobLogFields('audit', job({ tenantId: { id: 2 } }))).toEqual({ queue: 'audit', jobId: '42', jobName: 'batch.chunk' });
    expect(jobLogFields('audit', job(null))).toEqual({ queue: 'audit', jobId: '42', jobName: 'batch.chunk' });
  });
});
