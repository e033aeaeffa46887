import { Module } from '@nestjs/common';
import { WorkflowModule } from '@valuation/core';
import { ObjectionController } from './objection.controller';
import { ObjectionService } from './objection.service';

@Module({ imports: [WorkflowModule], controllers: [ObjectionController], providers: [ObjectionService] })
export class ObjectionModule {}
