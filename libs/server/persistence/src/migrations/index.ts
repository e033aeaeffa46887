import { Init1795304821772 } from './1795304821772-init.migration';
import { PermissionCatalogue1795304821773 } from './1795304821773-permission-catalogue.migration';

/** Every migration, oldest first. `npm run migration:generate -- <Name>` appends to this list. */
export const MIGRATIONS = [
  Init1795304821772,
  PermissionCatalogue1795304821773,
];
