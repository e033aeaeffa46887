import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { pageOffset, type PageRequest } from '@valuation/contracts';

/** The rows of one page and the number of rows of the whole list. */
export interface PageRows<T> {
  rows: T[];
  total: number;
}

/** One page of an ordered query, with the count of the whole query. */
export async function fetchPage<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, page: PageRequest): Promise<PageRows<T>> {
  const [rows, total] = await qb.offset(pageOffset(page)).limit(page.pageSize).getManyAndCount();
  return { rows, total };
}

/**
 * The rows of an ordered query (at most `limit`, when given) in batches of `batchSize`: the ids are read first
 * (one consistent list, in order), then the rows batch by batch, so a long export never holds
 * every row at once and rows written meanwhile neither repeat nor shift the list.
 */
export async function* fetchBatches<T extends ObjectLiteral & { id: string | number }>(
  qb: SelectQueryBuilder<T>,
  limit?: number,
  batchSize = 500,
): AsyncGenerator<T[]> {
  const target = qb.expressionMap.mainAlias?.target;
  if (!target) throw new Error('fetchBatches needs a query of an entity');
  const idQuery = qb.clone().select(`${qb.alias}.id`, 'id');
  if (limit !== undefined) idQuery.limit(limit);
  const ids = (await idQuery.getRawMany<{ id: string | number }>()).map((r) => r.id);
  for (let i = 0; i < ids.length; i += batchSize) {
    const chunk = ids.slice(i, i + batchSize);
    const rows = await qb.connection.createQueryBuilder<T>(target, qb.alias).whereInIds(chunk).getMany();
    const byId = new Map(rows.map((r) => [String(r.id), r]));
    const ordered = chunk.map((id) => byId.get(String(id))).filter((r): r is T => r !== undefined);
    if (ordered.length) yield ordered;
  }
}
