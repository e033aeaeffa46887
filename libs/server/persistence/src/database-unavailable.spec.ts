import { QueryFailedError } from 'typeorm';
import { isDatabaseUnavailable } from './database-unavailable';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises a server that is down, shutting down, starting or out of connections', () => {
    expect(isDatabaseUnavailable(withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('57P03', 'the database system is starting up'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('08006'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('53300', 'sorry, too many clients already'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('looks through the query error of TypeORM and an error cause', () => {
    expect(isDatabaseUnavailable(new QueryFailedError('SELECT 1', [], withCode('57P01')))).toBe(true);
    expect(isDatabaseUnavailable(new Error('chunk failed', { cause: withCode('ECONNRESET') }))).toBe(true);
  });

  it('does not take a wrong statement, broken data or another error for an outage', () => {
    expect(isDatabaseUnavailable(new QueryFailedError('SELECT x', [], withCode('42703', 'column "x" does not exist')))).toBe(false);
    expect(isDatabaseUnavailable(withCode('23505', 'duplicate key value violates unique constraint'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('40001', 'could not serialize access'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('batch task 1: 3 rows valued but 2 records written'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false);
  });
});
