import { JOB_QUEUE } from '@valuation/contracts';

export interface ProcessorDescription {
  /** Class name, used in messages. */
  name: string;
  /** Queue it consumes; undefined when the class is not a @JobProcessor. */
  queue: string | undefined;
  handlers: ReadonlyArray<{ jobName: string; method: string }>;
}

export class JobHandlerError extends Error {
  constructor(readonly problems: string[]) {
    super(`Job handlers are not set up right:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'JobHandlerError';
  }
}

/**
 * Every problem with the handlers a worker process would run: for each served queue, every job
 * name that `jobQueue` sends there needs exactly one handler, in the one processor of that queue.
 * Processors of queues the process does not serve are ignored.
 */
export function findJobHandlerProblems(
  servedQueues: readonly string[],
  processors: readonly ProcessorDescription[],
  jobQueue: Readonly<Record<string, string>> = JOB_QUEUE,
): string[] {
  const problems: string[] = [];
  for (const p of processors) {
    if (p.queue === undefined) problems.push(`${p.name} is not a @JobProcessor`);
  }
  const served = processors.filter((p) => p.queue !== undefined && servedQueues.includes(p.queue));

  for (const queue of servedQueues) {
    const owners = served.filter((p) => p.queue === queue).map((p) => p.name);
    if (owners.length > 1) problems.push(`${countWord(owners.length)} processors for queue "${queue}": ${owners.join(', ')}`);
  }

  const handlersOf = new Map<string, string[]>();
  for (const p of served) {
    for (const h of p.handlers) {
      const where = `${p.name}.${h.method}`;
      const target = jobQueue[h.jobName];
      if (target === undefined) {
        problems.push(`${where} handles unknown job "${h.jobName}"`);
      } else if (target !== p.queue) {
        problems.push(`${where} handles "${h.jobName}" on queue "${p.queue}", but that job is sent to queue "${target}"`);
      } else {
        handlersOf.set(h.jobName, [...(handlersOf.get(h.jobName) ?? []), where]);
      }
    }
  }

  for (const [jobName, queue] of Object.entries(jobQueue)) {
    if (!servedQueues.includes(queue)) continue;
    const handlers = handlersOf.get(jobName) ?? [];
    if (handlers.length === 0) problems.push(`no handler for "${jobName}" (queue "${queue}")`);
    if (handlers.length > 1) problems.push(`${countWord(handlers.length)} handlers for "${jobName}": ${handlers.join(', ')}`);
  }
  return problems;
}

/** Throws JobHandlerError listing every problem found by findJobHandlerProblems. */
export function assertJobHandlers(
  servedQueues: readonly string[],
  processors: readonly ProcessorDescription[],
  jobQueue: Readonly<Record<string, string>> = JOB_QUEUE,
): void {
  const problems = findJobHandlerProblems(servedQueues, processors, jobQueue);
  if (problems.length > 0) throw new JobHandlerError(problems);
}

function countWord(n: number): string {
  return n === 2 ? 'two' : n === 3 ? 'three' : String(n);
}
