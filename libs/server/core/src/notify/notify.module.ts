import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@valuation/config';
import { NotifyDeliveryService } from './notify-delivery.service';
import { NotifyRelayService } from './notify-relay.service';
import { createSmsSender, SMS_SENDER } from './sms.sender';

/** Relay and delivery of outbox notifications; needs PersistenceModule and QueueModule in the application. */
@Module({
  providers: [
    { provide: SMS_SENDER, inject: [APP_CONFIG], useFactory: (config: AppConfig) => createSmsSender(config) },
    NotifyDeliveryService,
    NotifyRelayService,
  ],
  exports: [NotifyDeliveryService, NotifyRelayService],
})
export class NotifyModule {}
