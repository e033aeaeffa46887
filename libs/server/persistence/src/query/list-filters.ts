import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { containsPattern, prefixPattern } from './like';

/** How a list's city filter matches: a resolved city code, an exact city name, or the text as a code or the start of a name. */
export type CityMatch = { code: string } | { name: string } | { codeOrNamePrefix: string };

/** Moments a list's date filter selects: `from <= createdAt < until`; null for an open end. */
export interface CreatedWithin {
  from?: Date | null;
  until?: Date | null;
}

/** Rows whose city matches (columns cityCode and cityName). */
export function whereCity<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  alias: string,
  city: CityMatch | undefined,
): SelectQueryBuilder<T> {
  if (!city) return qb;
  if ('code' in city) return qb.andWhere(`${alias}.cityCode = :${alias}_cityCode`, { [`${alias}_cityCode`]: city.code });
  if ('name' in city) return qb.andWhere(`${alias}.cityName = :${alias}_cityName`, { [`${alias}_cityName`]: city.name });
  return qb.andWhere(`(${alias}.cityCode = :${alias}_city OR ${alias}.cityName LIKE :${alias}_cityPrefix ESCAPE '\\')`, {
    [`${alias}_city`]: city.codeOrNamePrefix,
    [`${alias}_cityPrefix`]: prefixPattern(city.codeOrNamePrefix),
  });
}

/**
 * Rows where one of the columns contains the text (LIKE with %, _ and \ escaped): case-insensitive
 * (ILIKE) unless `caseSensitive`. `name` keeps the parameters of several text filters apart.
 */
export function whereContains<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  alias: string,
  name: string,
  columns: readonly string[],
  text: string | undefined,
  options: { caseSensitive?: boolean } = {},
): SelectQueryBuilder<T> {
  if (!text) return qb;
  const param = `${alias}_${name}`;
  const op = options.caseSensitive ? 'LIKE' : 'ILIKE';
  const conditions = columns.map((c) => `${alias}.${c} ${op} :${param} ESCAPE '\\'`);
  return qb.andWhere(conditions.length > 1 ? `(${conditions.join(' OR ')})` : conditions[0], { [param]: containsPattern(text) });
}

/** Rows created within the bounds (column createdAt). */
export function whereCreated<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  alias: string,
  within: CreatedWithin,
): SelectQueryBuilder<T> {
  if (within.from) qb.andWhere(`${alias}.createdAt >= :${alias}_from`, { [`${alias}_from`]: within.from });
  if (within.until) qb.andWhere(`${alias}.createdAt < :${alias}_until`, { [`${alias}_until`]: within.until });
  return qb;
}
