import { Global, Module } from '@nestjs/common';
import { loadConfig, type AppConfig } from './config.schema';

export const APP_CONFIG = Symbol('APP_CONFIG');

/** Provides the validated configuration under APP_CONFIG; a bad variable stops the start. */
@Global()
@Module({
  providers: [{ provide: APP_CONFIG, useFactory: (): AppConfig => loadConfig() }],
  exports: [APP_CONFIG],
})
export class ConfigModule {}
