import { type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import express from 'express';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import { loadConfig, type AppConfig } from '@valuation/config';
import { AppModule } from './app.module';

/** Builds the HTTP application with every convention of the API (used by main.ts and the tests). */
export async function createApiApp(config: AppConfig = loadConfig()): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule, { bodyParser: false, bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.setGlobalPrefix('api');
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
  app.disable('x-powered-by');
  app.use(helmet({ contentSecurityPolicy: false, crossOriginResourcePolicy: { policy: 'same-site' } }));
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

  const openApi = new DocumentBuilder()
    .setTitle('房产智能估价平台 API')
    .setDescription('所有应答为 { code, message, data }；code 200 为成功。请求可带 timestamp 参数（忽略）。')
    .setVersion('1.0')
    .addBearerAuth()
    .build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, openApi), {
    jsonDocumentUrl: 'api/docs-json',
  });
  app.enableShutdownHooks();
  return app;
}
