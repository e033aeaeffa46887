import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { DownloadLinkController } from './download-link.controller';
import { DownloadRoutes } from './download-routes';
import { DownloadTicketService } from './download-ticket.service';

/** Download links: global, since the authentication guard redeems their tickets. */
@Global()
@Module({
  imports: [DiscoveryModule],
  controllers: [DownloadLinkController],
  providers: [DownloadRoutes, DownloadTicketService],
  exports: [DownloadTicketService],
})
export class DownloadLinkModule {}
