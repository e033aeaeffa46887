import { Perm } from '@valuation/domain';
import { useGrantedPermissions } from '../../../app/session/session-queries';
import { CountBadge } from '../../shell/components/CountBadge';
import { useArtificialUnreadCount } from '../api/manual-enquiry-api';

/** The number of answered manual enquiries the user has not opened, beside the sidebar entry. */
export function ManualEnquiryUnreadBadge() {
  const { granted } = useGrantedPermissions('user');
  const count = useArtificialUnreadCount(granted.has(Perm.manualEnquiryList)).data ?? 0;
  return <CountBadge count={count} label="条未读人工询价结果" />;
}
