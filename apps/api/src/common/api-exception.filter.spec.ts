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

  it('maps framework errors to their status with a Chinese message', () => {
    expect(run(new ForbiddenException())).toEqual({ status: 403, body: { code: 403, message: '您没有该操作的权限', data: null } });
    expect(run({ type: 'entity.too.large', status: 413 })).toMatchObject({ status: 413, body: { message: '请求内容过大' } });
  });
});
