import { Perm } from '@valuation/domain';
import { useGrantedPermissions } from '../../../app/session/session-queries';
import { CountBadge } from '../../shell/components/CountBadge';
import { useReviewUnreadCount } from '../api/review-api';

/** The number of answered or refused re-appraisals the user has not opened, beside the sidebar entry. */
export function ReviewUnreadBadge() {
  const { granted } = useGrantedPermissions('user');
  const count = useReviewUnreadCount(granted.has(Perm.objectionReviewList)).data ?? 0;
  return <CountBadge count={count} label="条未读人工复评结果" />;
}
