import type { Type } from '@nestjs/common';
import { AuditModule, BatchRunnerModule, MarketModule, NotifyModule, ReportModule } from '@valuation/core';
import { PdfModule } from '@valuation/pdf';
import type { JobProcessorHost } from '@valuation/queue';
import { StorageModule } from '@valuation/storage';
import { AuditProcessor } from './audit.processor';
import { BalanceProcessor } from './balance.processor';
import { BatchProcessor } from './batch.processor';
import { MarketImportProcessor } from './market-import.processor';
import { MarketIndexProcessor } from './market-index.processor';
import { NotifyProcessor } from './notify.processor';
import { ReportProcessor } from './report.processor';
import { RevaluationJobsModule } from './revaluation.jobs';

/** Every processor of the worker, one per queue; WORKER_QUEUES chooses which of them run. */
export const WORKER_PROCESSORS: ReadonlyArray<Type<JobProcessorHost>> = [
  AuditProcessor,
  MarketImportProcessor,
  MarketIndexProcessor,
  BatchProcessor,
  NotifyProcessor,
  ReportProcessor,
  BalanceProcessor,
];

/** Modules providing the use cases the processors call. */
export const WORKER_PROCESSOR_IMPORTS = [
  AuditModule,
  MarketModule,
  StorageModule,
  BatchRunnerModule,
  RevaluationJobsModule,
  NotifyModule,
  ReportModule,
  PdfModule,
];
