import { Perm } from '@valuation/domain';
import { useGrantedPermissions } from '../../../app/session/session-queries';
import { CountBadge } from '../../shell/components/CountBadge';
import { useAppraisalCounts } from '../api/appraisal-api';

/** Open cases of the queue beside its sidebar entry: red when some are overdue. */
export function AppraisalOpenBadge() {
  const { granted } = useGrantedPermissions('tenant');
  const counts = useAppraisalCounts(granted.has(Perm.appraiser)).data;
  return <CountBadge count={counts?.open ?? 0} label="个待处理案件" color={counts && counts.overdue > 0 ? 'red' : 'blue'} />;
}
