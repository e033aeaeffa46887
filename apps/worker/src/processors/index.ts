import type { Type } from '@nestjs/common';
import { AuditModule, MarketModule } from '@valuation/core';
import type { JobProcessorHost } from '@valuation/queue';
import { StorageModule } from '@valuation/storage';
import { AuditProcessor } from './audit.processor';
import { MarketImportProcessor } from './market-import.processor';
import { MarketIndexProcessor } from './market-index.processor';

/** Every processor of the worker, one per queue; WORKER_QUEUES chooses which of them run. */
export const WORKER_PROCESSORS: ReadonlyArray<Type<JobProcessorHost>> = [AuditProcessor, MarketImportProcessor, MarketIndexProcessor];

/** Modules providing the use cases the processors call. */
export const WORKER_PROCESSOR_IMPORTS = [AuditModule, MarketModule, StorageModule];
