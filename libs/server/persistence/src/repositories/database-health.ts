import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** Whether the database answers. */
@Injectable()
export class DatabaseHealth {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async ping(): Promise<void> {
    await this.ds.query('SELECT 1');
  }
}
