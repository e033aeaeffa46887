import type { Type } from '@nestjs/common';
import { AuditModule } from '@valuation/core';
import type { JobProcessorHost } from '@valuation/queue';
import { AuditProcessor } from './audit.processor';

/** Every processor of the worker, one per queue; WORKER_QUEUES chooses which of them run. */
export const WORKER_PROCESSORS: ReadonlyArray<Type<JobProcessorHost>> = [AuditProcessor];

/** Modules providing the use cases the processors call. */
export const WORKER_PROCESSOR_IMPORTS = [AuditModule];
