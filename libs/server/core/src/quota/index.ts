export * from './quota.service';
export * from './balance-book.service';
export * from './quota-reservation.service';
