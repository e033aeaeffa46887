import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import multer, { MulterError } from 'multer';
import { from, type Observable, switchMap } from 'rxjs';
import { Msg } from '@valuation/domain';
import { ApiError } from './api-error';
import { textProblem, textProblemError } from './malformed-input';

/** One file field of a multipart request: its name (and the other names clients send it under) and its limits. */
export interface UploadField {
  name: string;
  /** Other names of the same field (`files[]` for `files`). */
  aliases?: readonly string[];
  maxCount: number;
  maxBytes: number;
  /** Message when more than maxCount files come in this field. */
  tooMany?: string;
  /** Message when one file is larger than maxBytes. */
  tooBig: string;
  /** Shown in the API description. */
  description?: string;
}

/** The files a route takes; a multipart request to it may carry only these. */
export interface UploadSpec {
  files: readonly UploadField[];
}

export const UPLOADS_KEY = 'uploads';

/**
 * Declares the file fields of an upload route and their limits. The multipart body of any route
 * is read by {@link MultipartInterceptor}, which runs after the guards: a caller who is not logged
 * in or lacks the permission is refused before a byte of the body is read.
 */
export const Uploads = (...files: UploadField[]) => SetMetadata(UPLOADS_KEY, { files } satisfies UploadSpec);

/** Text fields of any multipart body: their number and the size of one. */
const FIELD_LIMITS = { fields: 200, fieldSize: 64 * 1024, fieldNameSize: 200 } as const;

export const UploadMsg = {
  undeclared: (field: string) => `不支持上传文件字段 ${field}`,
  noFiles: '该接口不接收文件',
  tooMany: (max: number) => `最多上传${max}个文件`,
} as const;

const NO_FILES: UploadSpec = { files: [] };

function fieldOf(spec: UploadSpec, name: string): UploadField | undefined {
  return spec.files.find((f) => f.name === name || f.aliases?.includes(name));
}

/** Keeps each file in memory up to its field's limit, and stops reading it as soon as it is over. */
function boundedMemoryStorage(spec: UploadSpec): multer.StorageEngine {
  return {
    _handleFile(_req, file, cb) {
      const field = fieldOf(spec, file.fieldname);
      const limit = field?.maxBytes ?? 0;
      const chunks: Buffer[] = [];
      let size = 0;
      let failed = false;
      file.stream.on('data', (chunk: Buffer) => {
        if (failed) return;
        size += chunk.length;
        if (size > limit) {
          failed = true;
          chunks.length = 0;
          file.stream.resume();
          cb(ApiError.badRequest(field?.tooBig ?? Msg.payloadTooLarge));
          return;
        }
        chunks.push(chunk);
      });
      file.stream.on('error', (err) => {
        if (!failed) cb(err);
      });
      file.stream.on('end', () => {
        if (!failed) cb(null, { buffer: Buffer.concat(chunks, size), size });
      });
    },
    _removeFile(_req, file, cb) {
      (file as Partial<Express.Multer.File>).buffer = undefined;
      cb(null);
    },
  };
}

function parserFor(spec: UploadSpec) {
  const counts = new Map<UploadField, number>();
  return multer({
    storage: boundedMemoryStorage(spec),
    limits: {
      ...FIELD_LIMITS,
      // One more than the declared total, so that the per-field count below names the field.
      files: spec.files.reduce((n, f) => n + f.maxCount, 0) + 1,
      fileSize: Math.max(0, ...spec.files.map((f) => f.maxBytes)),
    },
    fileFilter(_req, file, cb) {
      const field = fieldOf(spec, file.fieldname);
      if (!field) return cb(ApiError.badRequest(spec.files.length ? UploadMsg.undeclared(file.fieldname) : UploadMsg.noFiles));
      const count = (counts.get(field) ?? 0) + 1;
      counts.set(field, count);
      if (count > field.maxCount) return cb(ApiError.badRequest(field.tooMany ?? UploadMsg.tooMany(field.maxCount)));
      cb(null, true);
    },
  }).any();
}

/** The parser's complaints as answers: a file over its field's limit gets that field's message. */
function toApiError(err: unknown, spec: UploadSpec): unknown {
  if (err instanceof ApiError) return err;
  if (err instanceof MulterError) {
    const field = err.field ? fieldOf(spec, err.field) : undefined;
    switch (err.code) {
      case 'LIMIT_FILE_SIZE':
        return ApiError.badRequest(field?.tooBig ?? Msg.payloadTooLarge);
      case 'LIMIT_FILE_COUNT':
        return ApiError.badRequest(UploadMsg.tooMany(spec.files.reduce((n, f) => n + f.maxCount, 0)));
      case 'LIMIT_UNEXPECTED_FILE':
        return ApiError.badRequest(err.field ? UploadMsg.undeclared(err.field) : UploadMsg.noFiles);
      case 'LIMIT_FIELD_VALUE':
      case 'LIMIT_FIELD_COUNT':
      case 'LIMIT_PART_COUNT':
        return new ApiError(413, Msg.payloadTooLarge);
      default:
        return ApiError.badRequest(Msg.badRequest);
    }
  }
  // A malformed body (busboy: unexpected end of form, missing boundary...).
  return ApiError.badRequest(Msg.badRequest);
}

/**
 * Reads multipart bodies, after the guards: text fields into req.body, files into req.files (at
 * most the counts and sizes the route declares with {@link Uploads}; a route that declares none
 * takes text fields only). Other bodies pass through untouched.
 */
@Injectable()
export class MultipartInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    if (!req.is('multipart/form-data')) return next.handle();
    const spec = this.reflector.get<UploadSpec | undefined>(UPLOADS_KEY, context.getHandler()) ?? NO_FILES;
    const res = http.getResponse<Response>();
    const parsed = new Promise<void>((resolve, reject) => {
      parserFor(spec)(req, res, (err?: unknown) => {
        if (err) return reject(toApiError(err, spec));
        // Text fields and file names obey the rules of every other body (no NUL, no deep nesting).
        const files = (req.files ?? []) as Express.Multer.File[];
        const problem = textProblem(req.body) ?? textProblem(files.map((f) => f.originalname));
        return problem ? reject(textProblemError(problem)) : resolve();
      });
    });
    return from(parsed).pipe(switchMap(() => next.handle()));
  }
}
