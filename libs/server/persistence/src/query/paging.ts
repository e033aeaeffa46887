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
 * One page of an ordered query of one table (no join that repeats rows), for long lists: the
 * count is a plain count(*), and a page in the second half of the list is read from its other end
 * (the order reversed, the offset counted from the last row, the rows turned back), so that the
 * last pages cost what the first ones do instead of skipping every row before them. A caller that
 * knows the count (from a rollup) passes it as `knownTotal`.
 */
export async function fetchPageFromNearerEnd<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  page: PageRequest,
  knownTotal: number | null = null,
): Promise<PageRows<T>> {
  const total = knownTotal ?? Number((await qb.clone().orderBy().select('count(*)', 'n').getRawOne<{ n: string }>())?.n ?? 0);
  const offset = pageOffset(page);
  if (offset >= total) return { rows: [], total };
  if (offset < total / 2) return { rows: await qb.offset(offset).limit(page.pageSize).getMany(), total };
  const reversed: Record<string, 'ASC' | 'DESC'> = {};
  for (const [key, order] of Object.entries(qb.expressionMap.orderBys)) {
    reversed[key] = (typeof order === 'string' ? order : order.order) === 'DESC' ? 'ASC' : 'DESC';
  }
  const end = Math.min(total, offset + page.pageSize);
  const rows = await qb
    .clone()
    .orderBy(reversed)
    .offset(total - end)
    .limit(end - offset)
    .getMany();
  return { rows: rows.reverse(), total };
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
