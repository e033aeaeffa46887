/**
 * Dates and times as every screen shows them: `yyyy-MM-dd` and `yyyy-MM-dd HH:mm:ss` in the
 * business zone (Asia/Shanghai), whatever zone the browser is in. The one implementation is the
 * domain's business clock.
 */
export { formatDate, formatDateTime } from '@valuation/domain';
