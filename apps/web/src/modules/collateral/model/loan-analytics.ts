import { formatGrouped } from '@valuation/domain';

/** What the analytics show before the first finished revaluation run. */
export const NOT_REVALUED = '尚未重估';

/** A value index with two decimals: `103.25`. */
export const formatIndex = (index: number | null | undefined) => formatGrouped(index, 2);
