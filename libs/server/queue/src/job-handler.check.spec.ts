import type { Job } from 'bullmq';
import { QUEUES } from '@valuation/contracts';
import { assertJobHandlers, findJobHandlerProblems, JobHandlerError, type ProcessorDescription } from './job-handler.check';
import { describeJobProcessor, JobHandler, JobProcessor } from './job-handler.decorator';
import { JobProcessorHost } from './job-processor.host';

const jobQueue = { 'audit.record': 'audit', 'report.render': 'reports', 'report.mail': 'reports' };

const processor = (name: string, queue: string | undefined, ...jobNames: string[]): ProcessorDescription => ({
  name,
  queue,
  handlers: jobNames.map((jobName) => ({ jobName, method: jobName.split('.')[1] })),
});

describe('findJobHandlerProblems', () => {
  it('passes when every job of the served queues has exactly one handler', () => {
    const processors = [
      processor('AuditProcessor', 'audit', 'audit.record'),
      processor('ReportProcessor', 'reports', 'report.render', 'report.mail'),
    ];
    expect(findJobHandlerProblems(['audit', 'reports'], processors, jobQueue)).toEqual([]);
    expect(() => assertJobHandlers(['audit', 'reports'], processors, jobQueue)).not.toThrow();
  });

  it('reports a job name of a served queue without a handler', () => {
    const processors = [processor('AuditProcessor', 'audit', 'audit.record'), processor('ReportProcessor', 'reports', 'report.render')];
    expect(findJobHandlerProblems(['audit', 'reports'], processors, jobQueue)).toEqual(['no handler for "report.mail" (queue "reports")']);
  });

  it('reports a served queue with no processor at all, once per job name', () => {
    const processors = [processor('AuditProcessor', 'audit', 'audit.record')];
    expect(findJobHandlerProblems(['audit', 'reports'], processors, jobQueue)).toEqual([
      'no handler for "report.render" (queue "reports")',
      'no handler for "report.mail" (queue "reports")',
    ]);
  });

  it('reports a job name with two handlers, naming both', () => {
    const processors = [
      processor('AuditProcessor', 'audit', 'audit.record'),
      {
        name: 'ReportProcessor',
        queue: 'reports',
        handlers: [
          { jobName: 'report.render', method: 'render' },
          { jobName: 'report.mail', method: 'mail' },
          { jobName: 'report.render', method: 'renderAgain' },
        ],
      },
    ];
    expect(findJobHandlerProblems(['audit', 'reports'], processors, jobQueue)).toEqual([
      'two handlers for "report.render": ReportProcessor.render, ReportProcessor.renderAgain',
    ]);
  });

  it('reports two processors on one queue and the duplicate handlers they bring', () => {
    const processors = [processor('AuditProcessor', 'audit', 'audit.record'), processor('OtherAuditProcessor', 'audit', 'audit.record')];
    expect(findJobHandlerProblems(['audit'], processors, jobQueue)).toEqual([
      'two processors for queue "audit": AuditProcessor, OtherAuditProcessor',
      'two handlers for "audit.record": AuditProcessor.record, OtherAuditProcessor.record',
    ]);
  });

  it('reports handlers of unknown jobs and of jobs sent to another queue', () => {
    const processors = [
      processor('AuditProcessor', 'audit', 'audit.record', 'audit.erase', 'report.mail'),
      processor('ReportProcessor', 'reports', 'report.render', 'report.mail'),
    ];
    expect(findJobHandlerProblems(['audit', 'reports'], processors, jobQueue)).toEqual([
      'AuditProcessor.erase handles unknown job "audit.erase"',
      'AuditProcessor.mail handles "report.mail" on queue "audit", but that job is sent to queue "reports"',
    ]);
  });

  it('reports a class that is not a processor', () => {
    const processors = [processor('AuditProcessor', 'audit', 'audit.record'), processor('AuditService', undefined)];
    expect(findJobHandlerProblems(['audit'], processors, jobQueue)).toEqual(['AuditService is not a @JobProcessor']);
  });

  it('ignores the queues the process does not serve', () => {
    const processors = [
      processor('AuditProcessor', 'audit', 'audit.record'),
      processor('ReportProcessor', 'reports', 'report.render', 'report.render'),
    ];
    expect(findJobHandlerProblems(['audit'], processors, jobQueue)).toEqual([]);
  });

  it('throws one JobHandlerError listing every problem', () => {
    const processors = [
      processor('AuditProcessor', 'audit', 'audit.record', 'audit.record'),
      processor('ReportProcessor', 'reports', 'report.render'),
    ];
    let thrown: unknown;
    try {
      assertJobHandlers(['audit', 'reports'], processors, jobQueue);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(JobHandlerError);
    const error = thrown as JobHandlerError;
    expect(error.problems).toEqual([
      'two handlers for "audit.record": AuditProcessor.record, AuditProcessor.record',
      'no handler for "report.mail" (queue "reports")',
    ]);
    expect(error.message).toBe(
      'Job handlers are not set up right:\n' +
        '  - two handlers for "audit.record": AuditProcessor.record, AuditProcessor.record\n' +
        '  - no handler for "report.mail" (queue "reports")',
    );
  });
});

describe('@JobProcessor and @JobHandler', () => {
  @JobProcessor('audit')
  class RecordingProcessor extends JobProcessorHost {
    readonly seen: string[] = [];

    @JobHandler('audit.record')
    async record(job: Job): Promise<string> {
      this.seen.push(job.name);
      return 'done';
    }
  }

  class PlainService {}

  it('describe the processor for the check', () => {
    expect(describeJobProcessor(RecordingProcessor)).toEqual({
      name: 'RecordingProcessor',
      queue: 'audit',
      handlers: [{ jobName: 'audit.record', method: 'record' }],
    });
    expect(describeJobProcessor(PlainService)).toEqual({ name: 'PlainService', queue: undefined, handlers: [] });
    expect(findJobHandlerProblems([QUEUES.audit], [describeJobProcessor(RecordingProcessor)])).toEqual([]);
  });

  it('dispatch a job to the handler of its name and refuse other names without retry', async () => {
    const host = new RecordingProcessor();
    await expect(host.process({ name: 'audit.record' } as Job)).resolves.toBe('done');
    expect(host.seen).toEqual(['audit.record']);
    await expect(host.process({ name: 'audit.unknown' } as Job)).rejects.toMatchObject({
      name: 'UnrecoverableError',
      message: 'no handler for job "audit.unknown" in RecordingProcessor',
    });
  });
});
