import { randomBytes } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { BATCH_SUBCODE_NEEDS_UNIVERSAL, batchStartJobId, type BatchUploadResult } from '@valuation/contracts';
import { QuotaExhaustedError, QuotaReservationService, type ReservationRef } from '@valuation/core';
import {
  batchChunksByPlace,
  BatchMsg,
  batchPropType,
  checkBatchFileName,
  checkBatchFileSize,
  checkBatchPhone,
  checkBatchRowCount,
  checkBatchTaskName,
  checkLoanBook,
  BATCH_COLUMNS,
  dateTimeStamp,
  LOAN_BOOK_COLUMNS,
  LoanBookMsg,
  type BatchRowInput,
  type LoanCells,
} from '@valuation/domain';
import { AssetRepository, BatchTaskRepository, UnitOfWork, type AssetOwner, type Transaction } from '@valuation/persistence';
import { JobProducer } from '@valuation/queue';
import { ObjectStorage } from '@valuation/storage';
import { ApiError, Reply } from '../../common/api-error';
import type { Principal } from '../../common/principal';
import { AdminLog } from '../auth/admin-log.service';
import { RegionService } from '../region/region.service';
import { BatchFileRefusal, contentMatches, readBatchFile, uploadedFileName } from './batch-file.reader';

/** A loan book import: who asked from where, for the operation log. */
export interface LoanBookImport {
  ip: string | undefined;
}

/** A loan book row with its checked loan in place of the cells: amounts in yuan, the date yyyy-MM-dd. */
const withLoan = (row: BatchRowInput, loan: LoanCells): BatchRowInput => ({
  ...row,
  loanNo: loan.loanNo,
  loanAmount: loan.loanAmount.toFixed(2),
  loanDate: loan.loanDate,
  originValue: loan.originValue.toFixed(2),
});

/** What multer leaves on the request for one uploaded file. */
export interface UploadedBatchFile {
  originalname: string;
  buffer: Buffer;
  size: number;
}

/** A data row with what the item list shows, ready to insert. */
interface ItemRow {
  row_no: number;
  chunk: number;
  input: BatchRowInput;
  city_code: string | null;
  city_name: string | null;
  dist_name: string | null;
  location: string | null;
  prop_type: number | null;
  bldg_area: number | null;
  floor: number | null;
  bheight: number | null;
}

const clip = (v: string | undefined, max: number) => (v ? [...v].slice(0, max).join('') : null);
const intCell = (v: string | undefined) => (v && /^-?\d{1,6}$/.test(v) ? Number(v) : null);
const areaCell = (v: string | undefined) => (v && /^\d{1,9}(\.\d+)?$/.test(v) ? Math.round(Number(v) * 100) / 100 : null);

function newBatchId(now = new Date()): string {
  return `PL${dateTimeStamp(now)}${randomBytes(4).toString('hex').toUpperCase()}`;
}

/** The S3 key of a task's file: batch/<tenantId>/<batchId>/<original name>. */
export function batchFileKey(tenantId: number, batchId: string, fileName: string): string {
  const prefix = `batch/${tenantId}/${batchId}/`;
  // eslint-disable-next-line no-control-regex
  const safe = fileName.replace(/[/\\\x00-\x1f]/g, '_');
  return prefix + [...safe].slice(-(200 - prefix.length)).join('');
}

/**
 * Creates batch tasks: checks the upload, stores the file and its rows, reserves one valuation
 * per row and starts the task; or, when city-annual counts are short, keeps the task waiting
 * (state 0) until the owner agrees to use nationwide counts.
 */
@Injectable()
export class BatchUploadService {
  private readonly logger = new Logger(BatchUploadService.name);

  constructor(
    private readonly uow: UnitOfWork,
    private readonly tasks: BatchTaskRepository,
    private readonly storage: ObjectStorage,
    private readonly jobs: JobProducer,
    private readonly regions: RegionService,
    private readonly reservations: QuotaReservationService,
    private readonly assets: AssetRepository,
    private readonly log: AdminLog,
  ) {}

  /**
   * A batch task from an uploaded file. With `book`, the file is a loan book (LOAN_BOOK_COLUMNS):
   * every row's loan is checked before anything is stored; rows whose loan number an asset of the
   * company already carries update that loan and are not valued; the others are valued as a batch
   * whose valued rows become assets carrying their loans.
   */
  async upload(
    p: Principal,
    file: UploadedBatchFile | undefined,
    body: Record<string, unknown>,
    book?: LoanBookImport,
  ): Promise<Reply<BatchUploadResult>> {
    if (!file) throw ApiError.badRequest(BatchMsg.fileMissing);
    const fileName = uploadedFileName(file.originalname ?? '');
    const type = checkBatchFileName(fileName);
    if (!type.ok) throw ApiError.badRequest(type.message);
    if (!contentMatches(type.value, file.buffer)) throw ApiError.badRequest(BatchMsg.fileType);
    const size = checkBatchFileSize(file.size);
    if (!size.ok) throw ApiError.badRequest(size.message);
    const taskName = checkBatchTaskName(body.taskName);
    if (!taskName.ok) throw ApiError.badRequest(taskName.message);
    const phone = checkBatchPhone(body.phone);
    if (!phone.ok) throw ApiError.badRequest(phone.message);

    let rows: BatchRowInput[];
    try {
      rows = (await readBatchFile(type.value, file.buffer, book ? LOAN_BOOK_COLUMNS : BATCH_COLUMNS)).rows;
    } catch (error) {
      if (error instanceof BatchFileRefusal) throw ApiError.badRequest(error.message);
      throw error;
    }
    const count = checkBatchRowCount(rows.length);
    if (!count.ok) throw ApiError.badRequest(count.message);

    const owner = { tenantId: p.tenantId, companyId: p.companyId! };
    let known: LoanCells[] = [];
    if (book) {
      const loans = checkLoanBook(rows);
      if (!loans.ok) throw ApiError.badRequest(loans.message);
      const holders = await this.assets.loanHolders(
        owner,
        loans.loans.map((l) => l.loanNo),
      );
      known = loans.loans.filter((l) => holders.has(l.loanNo));
      rows = loans.loans.flatMap((loan, i) => (holders.has(loan.loanNo) ? [] : [withLoan(rows[i], loan)]));
      if (rows.length === 0) {
        await this.uow.run((m) => this.updateLoans(m, p, book, owner, known, fileName, 0));
        return new Reply({ batchId: '', evalTotal: 0, updated: known.length }, LoanBookMsg.updatedOnly);
      }
    }

    const items = await this.itemRows(rows);
    const batchId = newBatchId();
    const payer: ReservationRef = { tenantId: p.tenantId, accountId: p.id, refType: 'batch', refId: batchId };
    const fileKey = batchFileKey(p.tenantId, batchId, fileName);
    await this.storage.put(fileKey, file.buffer, file.buffer.length, 'application/octet-stream');

    let task: { id: string; state: number; shortfall: number };
    try {
      task = await this.uow.run(async (m) => {
        const plan = await this.reservations.plan(m, payer, needsOf(items));
        if (plan.shortfall > plan.universalAvailable) throw new QuotaExhaustedError('valuation');
        const waiting = plan.shortfall > 0;
        const reserved = waiting ? [] : await this.reservations.apply(m, payer, plan);
        const saved = await this.tasks.create(
          m,
          {
            batchId,
            tenantId: p.tenantId,
            companyId: p.companyId!,
            organizationId: p.organizationId!,
            accountId: p.id,
            taskName: taskName.value,
            source: p.client,
            recvPhone: phone.value,
            fileKey,
            fileName: [...fileName].slice(0, 200).join(''),
            state: waiting ? 0 : 1,
            evalTotal: items.length,
            reservations: reserved,
            book: Boolean(book),
          },
          items,
        );
        if (book) await this.updateLoans(m, p, book, owner, known, fileName, items.length);
        return { id: saved.id, state: saved.state, shortfall: plan.shortfall };
      });
    } catch (error) {
      await this.storage
        .remove(fileKey)
        .catch((e: unknown) => this.logger.warn({ err: e, fileKey }, 'Could not remove the file of a refused batch'));
      if (error instanceof QuotaExhaustedError) throw ApiError.forbidden(error.message);
      throw error;
    }

    const updated = book ? { updated: known.length } : {};
    if (task.state === 0) {
      return new Reply(
        { batchId, evalTotal: items.length, shortfall: task.shortfall, ...updated },
        BatchMsg.useUniversal,
        BATCH_SUBCODE_NEEDS_UNIVERSAL,
      );
    }
    await this.start(task.id);
    return new Reply({ batchId, evalTotal: items.length, ...updated }, book ? LoanBookMsg.started : undefined);
  }

  /** The loans of a book already on assets of the company take the book's figures; the import is logged. */
  private async updateLoans(
    m: Transaction,
    p: Principal,
    book: LoanBookImport,
    owner: AssetOwner,
    known: readonly LoanCells[],
    fileName: string,
    valuing: number,
  ): Promise<void> {
    const updated = await this.assets.updateLoans(m, owner, known);
    await this.log.write(m, p, book.ip, {
      action: '导入贷款台账',
      target: { type: 'loan-book', id: owner.companyId, name: [...fileName].slice(0, 50).join('') },
      after: { valuing, updated },
      labels: { valuing: '新增并估价', updated: '更新已有贷款' },
    });
  }

  /** The owner agrees to use nationwide counts for a waiting task: reserve and start it. */
  async confirmUniversal(p: Principal, ref: string): Promise<BatchUploadResult> {
    const started = await this.uow
      .run(async (m) => {
        const task = await this.tasks.lockOwn(m, p.tenantId, p.id, ref);
        if (!task) throw ApiError.notFound(BatchMsg.taskNotFound);
        if (task.state !== 0) throw ApiError.conflict(BatchMsg.taskNotWaiting);
        const payer: ReservationRef = { tenantId: p.tenantId, accountId: p.id, refType: 'batch', refId: task.batchId };
        const plan = await this.reservations.plan(m, payer, await this.tasks.rowsByCity(m, task.id));
        const reserved = await this.reservations.apply(m, payer, plan);
        await this.tasks.markStarted(m, task.id, reserved);
        return task;
      })
      .catch((error: unknown) => {
        if (error instanceof QuotaExhaustedError) throw ApiError.forbidden(error.message);
        throw error;
      });
    await this.start(started.id);
    return { batchId: started.batchId, evalTotal: started.evalTotal };
  }

  private async start(taskId: string): Promise<void> {
    try {
      await this.jobs.enqueue('batch.start', { taskId }, { jobId: batchStartJobId(taskId) });
    } catch (error) {
      this.logger.error({ err: error, taskId }, 'Could not enqueue the start of a batch task');
      throw error;
    }
  }

  /** Rows numbered from 1 with their chunk (by place), resolved city and district, and the columns the item list shows. */
  private async itemRows(rows: BatchRowInput[]): Promise<ItemRow[]> {
    const regions = await this.regions.resolver();
    const places = rows.map((input) => (input.cityName ? regions.place(input.cityName, input.distName) : null));
    const chunks = batchChunksByPlace(
      rows.map((input, i) => ({ cityCode: places[i]?.cityCode ?? null, location: input.location ?? null })),
    );
    return rows.map((input, i) => {
      const place = places[i];
      return {
        row_no: i + 1,
        chunk: chunks[i],
        input,
        city_code: place?.cityCode ?? null,
        city_name: clip(place?.cityName ?? input.cityName, 20),
        dist_name: clip(place?.distName ?? input.distName, 20),
        location: clip(input.location, 200),
        prop_type: batchPropType(input),
        bldg_area: areaCell(input.bldgArea),
        floor: intCell(input.floor),
        bheight: intCell(input.bheight),
      };
    });
  }
}

function needsOf(items: readonly ItemRow[]): Map<string | null, number> {
  const needs = new Map<string | null, number>();
  for (const item of items) needs.set(item.city_code, (needs.get(item.city_code) ?? 0) + 1);
  return needs;
}
