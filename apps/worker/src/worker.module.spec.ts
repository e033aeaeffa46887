import { QUEUES } from '@valuation/contracts';
import { AuditService } from '@valuation/core';
import { JobHandler, JobHandlerError, JobProcessor, JobProcessorHost, type JobOf } from '@valuation/queue';
import { AuditProcessor } from './processors/audit.processor';
import { WorkerModule } from './worker.module';

@JobProcessor(QUEUES.audit)
class SecondAuditProcessor extends JobProcessorHost {
  constructor(private readonly audit: AuditService) {
    super();
  }

  @JobHandler('audit.record')
  async record(job: JobOf<'audit.record'>): Promise<boolean> {
    return this.audit.record(job.data);
  }
}

function problemsOf(build: () => unknown): string[] {
  try {
    build();
  } catch (error) {
    if (error instanceof JobHandlerError) return error.problems;
    throw error;
  }
  return [];
}

describe('WorkerModule.forRoot', () => {
  it('builds the module when every served job has one handler', () => {
    expect(problemsOf(() => WorkerModule.forRoot({ queues: [QUEUES.audit], concurrency: 2 }))).toEqual([]);
  });

  it('refuses to build without a handler for a served job', () => {
    expect(problemsOf(() => WorkerModule.forRoot({ queues: [QUEUES.audit], concurrency: 2, processors: [] }))).toEqual([
      'no handler for "audit.record" (queue "audit")',
    ]);
  });

  it('refuses to build with two handlers for one job', () => {
    const problems = problemsOf(() =>
      WorkerModule.forRoot({ queues: [QUEUES.audit], concurrency: 2, processors: [AuditProcessor, SecondAuditProcessor] }),
    );
    expect(problems).toEqual([
      'two processors for queue "audit": AuditProcessor, SecondAuditProcessor',
      'two handlers for "audit.record": AuditProcessor.record, SecondAuditProcessor.record',
    ]);
  });
});
