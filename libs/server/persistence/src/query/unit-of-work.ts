import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { QueryFailedError, type DataSource, type EntityManager } from 'typeorm';

/** The transaction a unit of work runs in; repositories and use cases take it to join it. */
export type Transaction = EntityManager;

/** Runs work in one database transaction: it all commits, or nothing does. */
@Injectable()
export class UnitOfWork {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  run<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.ds.transaction(work);
  }
}

/** A write refused by a unique index (PostgreSQL 23505). */
export const isUniqueViolation = (error: unknown): boolean =>
  error instanceof QueryFailedError && (error.driverError as { code?: string } | undefined)?.code === '23505';
