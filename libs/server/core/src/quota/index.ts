export * from './quota.service';
export * from './balance-book.service';
