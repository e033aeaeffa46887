import { Perm } from '@valuation/domain';
import { useGrantedPermissions } from '../../../app/session/session-queries';
import { CountBadge } from '../../shell/components/CountBadge';
import { useObjectionUnreadCount, useReviewUnreadCount } from '../api/review-api';

/**
 * Beside the sidebar's re-appraisal entry (whose page leads to the objection list too): the user's
 * answered or refused re-appraisals and completed objections not opened yet.
 */
export function ReviewUnreadBadge() {
  const { granted } = useGrantedPermissions('user');
  const enabled = granted.has(Perm.objectionReviewList);
  const reviews = useReviewUnreadCount(enabled).data ?? 0;
  const objections = useObjectionUnreadCount(enabled).data ?? 0;
  return <CountBadge count={reviews + objections} label="条未读人工复评、价格异议结果" />;
}
