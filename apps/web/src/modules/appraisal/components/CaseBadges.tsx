import { Badge } from '@mantine/core';
import { APPRAISAL_KIND_LABELS, type AppraisalCaseKind } from '@valuation/domain';
import { caseStateBadge, KIND_COLORS } from '../model/appraisal-queue-filters';

export function KindBadge({ kind }: { kind: AppraisalCaseKind }) {
  return (
    <Badge variant="light" color={KIND_COLORS[kind]} radius="sm">
      {APPRAISAL_KIND_LABELS[kind]}
    </Badge>
  );
}

export function StateBadge({ kind, machineState }: { kind: AppraisalCaseKind; machineState: string }) {
  const { label, color } = caseStateBadge(machineState, kind);
  return (
    <Badge variant="dot" color={color} radius="sm">
      {label}
    </Badge>
  );
}

export function OverdueBadge() {
  return (
    <Badge color="red" variant="filled" radius="sm" size="sm">
      已超时
    </Badge>
  );
}
