import { Module } from '@nestjs/common';
import { AppraisalCaseStore } from './appraisal-case.store';

/** Appraisal cases and their transitions (needs PersistenceModule in the application). */
@Module({ providers: [AppraisalCaseStore], exports: [AppraisalCaseStore] })
export class WorkflowModule {}
