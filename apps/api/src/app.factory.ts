import type { Server as HttpServer } from 'node:http';
import { type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter, type NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import express from 'express';
import { Logger } from 'nestjs-pino';
import { loadConfig, type AppConfig } from '@valuation/config';
import { Metrics } from '@valuation/queue';
import { AppModule } from './app.module';
import { httpMetrics } from './common/http-metrics';
import { answerClientErrors, assignRequestId, rejectMalformedText } from './common/malformed-input';
import { describeApi } from './common/openapi';
import { mountQueueBoard } from './common/queue-board';
import { securityHeaders } from './common/security-headers';

/** The conventions every endpoint shares, at the top of the OpenAPI document. */
const API_DESCRIPTION = [
  '所有接口在 /api 下。应答均为 JSON { code, message, data }：code 200 为成功；出错时 code 与 HTTP 状态相同（400 参数不正确、401 未登录、402 无匹配结果或次数不足、403 无权限、404 不存在、409 冲突、413 内容过大、429 过于频繁），message 为中文说明。',
  '登录：GET /api/login/captcha 取验证码（data.captcha 为图片，data.identity 为标识），POST /api/login 提交 userName、password、captcha、identity，令牌在 data.token（也在 message）。渠道人员用 /api/tenant/captcha 与 /api/tenant/login；路径含 tenant 的接口只接受渠道令牌，其他接口只接受客户令牌。',
  '之后每个请求带 Authorization: Bearer <令牌>；应答头 Authorization 会带回刷新后的令牌，请用它替换原令牌。文件下载接口也可用查询参数 Authorization=<令牌>；在浏览器中打开下载时，请先用 POST /api/download-link（渠道人员 /api/tenant/download-link）取一次性链接，链接中不含令牌。',
  '请求：GET 的参数为查询参数；POST 默认表单（application/x-www-form-urlencoded），也接受 JSON 与 multipart/form-data，上传文件的接口用 multipart/form-data 并在说明中列出文件字段、个数与大小。每个请求可带 timestamp 参数（忽略）。日期参数为 yyyy/MM/dd。',
  '分页：pageIndex 从 1 开始，pageSize 为 10、50、100 或 200；列表应答为 { list, pages, pageNum, total }，机构估价列表为 { items, pageIndex, pageInfo: { totalResults, resultsPerPage } }。',
  '权限：每个接口的 x-permission 与说明给出调用条件（无需登录、登录即可，或所需的权限 id 之一）。',
].join('\n\n');

/**
 * How long an idle keep-alive connection stays open: longer than the 60 s that load balancers and
 * client pools keep theirs, so that a client never sends on a connection the server is closing at
 * that moment (Node's 5 s default makes busy clients meet ECONNRESET).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

function keepIdleConnections(server: HttpServer): void {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // Headers must be allowed to take longer than an idle connection may stay open.
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
}

/** Builds the HTTP application with every convention of the API (used by main.ts and the tests). */
export async function createApiApp(config: AppConfig = loadConfig()): Promise<INestApplication> {
  // Paths match in their declared letter case only (the spec's paths are mixed-case): /api/Tenant/... is a 404.
  // Set before Nest registers a route, as Express reads it when it makes its router.
  const server = express();
  server.set('case sensitive routing', true);
  const app = await NestFactory.create<NestExpressApplication>(AppModule, new ExpressAdapter(server), {
    bodyParser: false,
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  app.setGlobalPrefix('api');
  app.set('trust proxy', config.TRUST_PROXY);
  app.disable('x-powered-by');
  app.use(assignRequestId());
  app.use(httpMetrics(app.get(Metrics)));
  answerClientErrors(app.getHttpServer());
  keepIdleConnections(app.getHttpServer());
  app.use(securityHeaders());
  const origins = config.CORS_ORIGINS.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  app.enableCors({
    origin: origins.length ? origins : false,
    credentials: true,
    exposedHeaders: ['Authorization', 'X-Request-Id'],
  });
  app.use(express.json({ limit: config.BODY_LIMIT }));
  app.use(express.urlencoded({ limit: config.BODY_LIMIT, extended: true }));
  app.use(rejectMalformedText());
  mountQueueBoard(app, config);

  const openApi = new DocumentBuilder()
    .setTitle('房产智能估价平台 API')
    .setDescription(API_DESCRIPTION)
    .setVersion('1.0')
    .setOpenAPIVersion('3.1.0')
    .addBearerAuth()
    .build();
  // Without API_DOCS both paths are unknown routes: 404 with the envelope.
  if (config.API_DOCS) {
    SwaggerModule.setup('api/docs', app, () => describeApi(app, SwaggerModule.createDocument(app, openApi)), {
      jsonDocumentUrl: 'api/docs-json',
    });
  }
  app.enableShutdownHooks();
  return app;
}
