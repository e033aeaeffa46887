import { Badge } from '@mantine/core';
import { Perm } from '@valuation/domain';
import { useGrantedPermissions } from '../../../app/session/session-queries';
import { useArtificialUnreadCount } from '../api/manual-enquiry-api';

/** The number of answered manual enquiries the user has not opened, beside the sidebar entry. */
export function ManualEnquiryUnreadBadge() {
  const { granted } = useGrantedPermissions('user');
  const count = useArtificialUnreadCount(granted.has(Perm.manualEnquiryList)).data ?? 0;
  if (count <= 0) return null;
  return (
    <Badge size="sm" color="red" circle={count < 10} aria-label={`${count}条未读人工询价结果`}>
      {count > 99 ? '99+' : count}
    </Badge>
  );
}
