import { Module } from '@nestjs/common';
import { CommunityQueries } from './community.queries';
import { MarketStatsQueries } from './market-stats.queries';

/** Reads of communities, points of interest, price indices and market cases (needs PersistenceModule in the app). */
@Module({
  providers: [CommunityQueries, MarketStatsQueries],
  exports: [CommunityQueries, MarketStatsQueries],
})
export class CommunityQueriesModule {}
