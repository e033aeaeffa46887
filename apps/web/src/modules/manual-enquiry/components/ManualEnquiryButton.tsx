import { Button } from '@mantine/core';
import { Perm } from '@valuation/domain';
import { useState } from 'react';
import { useGrantedPermissions } from '../../../app/session/session-queries';
import { ManualEnquiryModal } from './ManualEnquiryModal';

/** The report's 人工询价 button (permission 112), shown for every method and for reference prices (state 2). */
export function ManualEnquiryButton({ evalCode, evalType, referenceOnly }: { evalCode: string; evalType: number; referenceOnly: boolean }) {
  const { granted } = useGrantedPermissions('user');
  const [opened, setOpened] = useState(false);
  if (!granted.has(Perm.manualEnquiry)) return null;
  return (
    <>
      <Button variant={referenceOnly ? 'filled' : 'light'} onClick={() => setOpened(true)}>
        人工询价
      </Button>
      <ManualEnquiryModal
        opened={opened}
        onClose={() => setOpened(false)}
        source={{ kind: 'valuation', evalCode }}
        evalType={evalType === 2 ? 2 : 1}
      />
    </>
  );
}
