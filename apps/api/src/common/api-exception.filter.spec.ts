import { type ArgumentsHost, ForbiddenException, Logger } from '@nestjs/common';
import { EmptyExportError } from '@valuation/core';
import { ApiExceptionFilter } from './api-exception.filter';
import { ApiError } from './api-error';

function run(exception: unknown) {
  const sent: { status?: number; body?: unknown } = {};
  const res = {
    headersSent: false,
    status(code: number) {
      sent.status = code;
      return this;
    },
    json(body: unknown) {
      sent.body = body;
      return this;
    },
  };
  const req = { id: 'req-1234abcd', method: 'GET', originalUrl: '/api/x' };
  const host = { switchToHttp: () => ({ getResponse: () => res, getRequest: () => req }) } as ArgumentsHost;
  new ApiExceptionFilter().catch(exception, host);
  return sent;
}

describe('ApiExceptionFilter', () => {
  it('answers the export of an empty list with 404 暂无数据', () => {
    expect(run(new EmptyExportError())).toEqual({ status: 404, body: { code: 404, message: '暂无数据', data: null } });
  });

  it('answers an unexpected error with a generic message and the request id, logging the error', () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const sent = run(new TypeError("Cannot read properties of undefined (reading 'secret')"));
    expect(sent.status).toBe(500);
    expect(sent.body).toEqual({ code: 500, message: '系统繁忙，请稍后重试', data: { requestId: 'req-1234abcd' } });
    expect(JSON.stringify(sent.body)).not.toMatch(/secret|TypeError|at /);
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ requestId: 'req-1234abcd' }), 'Unexpected error');
    logged.mockRestore();
  });

  it('keeps the code, message, data and subCode of an ApiError', () => {
    expect(run(new ApiError(402, '余额不足', { batchId: 7 }, 100))).toEqual({
      status: 402,
      body: { code: 402, message: '余额不足', data: { batchId: 7 }, subCode: 100 },
    });
  });

  it('answers refusals of the body parsers and the router with their 4xx, a Chinese message and the request id', () => {
    const parserError = (status: number, type?: string, extra: object = {}) =>
      Object.assign(new Error('parser'), { status, statusCode: status, expose: true, ...(type ? { type } : {}), ...extra });
    const requestId = { requestId: 'req-1234abcd' };
    expect(run(parserError(415, 'charset.unsupported', { charset: 'gbk' }))).toEqual({
      status: 415,
      body: { code: 415, message: '不支持的字符集，请使用 UTF-8 编码', data: requestId },
    });
    expect(run(parserError(415, 'encoding.unsupported'))).toMatchObject({ status: 415, body: { message: '不支持的内容压缩格式' } });
    // A gzip body that does not inflate: body-parser wraps zlib's error as a 400 without a type.
    expect(run(parserError(400, undefined, { code: 'Z_DATA_ERROR', errno: -3 }))).toEqual({
      status: 400,
      body: { code: 400, message: '请求参数不正确', data: requestId },
    });
    expect(run(parserError(400, 'querystring.parse.rangeError'))).toMatchObject({ status: 400, body: { message: '参数层级过深' } });
    expect(run(parserError(413, 'parameters.too.many'))).toMatchObject({ status: 413, body: { message: '请求内容过大' } });
    expect(run(Object.assign(new URIError("Failed to decode param '%E0%A4'"), { status: 400 }))).toMatchObject({
      status: 400,
      body: { code: 400 },
    });
  });

  it('answers a value PostgreSQL refuses (an id beyond int4, a NUL in text) with 400 instead of 500', () => {
    const logged = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    for (const code of ['22003', '22021', '22P02', '22001', '54000']) {
      const queryFailed = Object.assign(new Error('db'), { name: 'QueryFailedError', code, driverError: { code } });
      expect(run(queryFailed)).toEqual({
        status: 400,
        body: { code: 400, message: '请求参数不正确', data: { requestId: 'req-1234abcd' } },
      });
    }
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ requestId: 'req-1234abcd' }), 'Value refused by the database');
    logged.mockRestore();
  });

  it('keeps other failures 500: a lost connection, an upstream answer with a 4xx status it does not mean to show', () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const lostConnection = Object.assign(new Error('db'), { driverError: { code: '08006' } });
    expect(run(lostConnection)).toMatchObject({ status: 500 });
    expect(run(Object.assign(new Error('S3 said 404'), { status: 404 }))).toMatchObject({ status: 500 });
    logged.mockRestore();
  });

  it('maps framework errors to their status with a Chinese message', () => {
    expect(run(new ForbiddenException())).toEqual({ status: 403, body: { code: 403, message: '您没有该操作的权限', data: null } });
    expect(run({ type: 'entity.too.large', status: 413 })).toMatchObject({ status: 413, body: { message: '请求内容过大' } });
  });
});
