import { Init1795304821772 } from './1795304821772-init.migration';
import { PermissionCatalogue1795304821773 } from './1795304821773-permission-catalogue.migration';
import { MarketData1795306349948 } from './1795306349948-market-data.migration';
import { MarketSearchAndRegions1795306349949 } from './1795306349949-market-search-and-regions.migration';

/** Every migration, oldest first. `npm run migration:generate -- <Name>` appends to this list. */
export const MIGRATIONS = [
  Init1795304821772,
  PermissionCatalogue1795304821773,
  MarketData1795306349948,
  MarketSearchAndRegions1795306349949,
];
