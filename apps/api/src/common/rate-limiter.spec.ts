import { Controller, Get, Post } from '@nestjs/common';
import { ReturnsFile, ReturnsXlsx } from './file-answer';
import { Uploads } from './multipart';
import { RateLimit, rateLimitClassesOf } from './rate-limit.decorator';
import { secondsUntilRoom } from './rate-limiter';

describe('rate limit classes', () => {
  @Controller('things')
  class Things {
    @RateLimit('valuation')
    @Post('value')
    value() {}

    @RateLimit('valuation')
    @Uploads({ name: 'files', maxCount: 2, maxBytes: 1024, tooBig: '文件过大' })
    @Post('with-files')
    withFiles() {}

    @ReturnsXlsx('清单 .xlsx')
    @Get('export')
    exportList() {}

    @ReturnsFile('application/pdf', '报告 PDF')
    @Get('pdf')
    pdf() {}

    @Get('list')
    list() {}
  }

  it('are those an endpoint declares and those its uploads and spreadsheet answer imply', () => {
    const of = (name: keyof Things) => rateLimitClassesOf(Things.prototype[name]);
    expect(of('value')).toEqual(['valuation']);
    expect(of('withFiles')).toEqual(['valuation', 'upload']);
    expect(of('exportList')).toEqual(['export']);
    expect(of('pdf')).toEqual([]);
    expect(of('list')).toEqual([]);
  });
});

describe('secondsUntilRoom', () => {
  const window = 60_000;

  it('waits for the previous window to fade enough when the current one still has room', () => {
    // 10 allowed; 4 in this window, 10 in the previous, 15 s into this one: 10 * 0.75 + 4 + 1 > 10.
    // Room once 10 * (45 - t) / 60 <= 5, that is t >= 15 s.
    expect(secondsUntilRoom(10, 4, 10, 15_000, window)).toBe(15);
  });

  it('waits into the next window when this one is full', () => {
    // 10 allowed, 10 already in this window, 30 s in: 30 s to its end, then 10 * (1 - t / 60) + 1 <= 10 gives t >= 6 s.
    expect(secondsUntilRoom(10, 10, 0, 30_000, window)).toBe(36);
    // One allowed: the request of this window must fade out entirely.
    expect(secondsUntilRoom(1, 1, 0, 59_000, window)).toBe(61);
  });

  it('never says less than a second', () => {
    expect(secondsUntilRoom(10, 9, 1, 59_999, window)).toBe(1);
  });
});
