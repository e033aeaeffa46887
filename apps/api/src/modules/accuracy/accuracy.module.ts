import { Module } from '@nestjs/common';
import { AccuracyController } from './accuracy.controller';

@Module({ controllers: [AccuracyController] })
export class AccuracyModule {}
