import { Button } from '@mantine/core';
import type { EvalRecord } from '@valuation/contracts';
import { isAverageMethod, Perm } from '@valuation/domain';
import { useState } from 'react';
import { useGrantedPermissions } from '../../../app/session/session-queries';
import { PriceObjectionModal } from './PriceObjectionModal';
import { ReappraisalModal } from './ReappraisalModal';

/** The 人工复评 and 价格异议 buttons of a valued record; hidden for reference prices and average methods. */
export function ValReportReviewActions({ record }: { record: EvalRecord }) {
  const { granted } = useGrantedPermissions('user');
  const [open, setOpen] = useState<'review' | 'objection' | null>(null);
  if (record.state !== 1 || isAverageMethod(record.method) || record.totalPrice === null) return null;
  const evalType = record.evalType === 2 ? 2 : 1;
  return (
    <>
      {granted.has(Perm.manualReappraisal) && (
        <Button variant="light" onClick={() => setOpen('review')}>
          人工复评
        </Button>
      )}
      {granted.has(Perm.objectionReviewList) && (
        <Button variant="light" onClick={() => setOpen('objection')}>
          价格异议
        </Button>
      )}
      <ReappraisalModal
        opened={open === 'review'}
        onClose={() => setOpen(null)}
        initiate={1}
        sourceId={record.evalCode}
        oldPrice={record.totalPrice}
        evalType={evalType}
      />
      <PriceObjectionModal
        opened={open === 'objection'}
        onClose={() => setOpen(null)}
        oldPrice={record.totalPrice}
        evalCode={record.evalCode}
        evalType={evalType}
      />
    </>
  );
}
