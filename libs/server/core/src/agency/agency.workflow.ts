import { agencyEventData, agencyStateCode, AgencyWorkflowMsg, type AgencyEvent } from '@valuation/domain';
import { applyAgencyEvent } from '@valuation/domain/machines';
import { AgencyApplicationEntity, AgencyApplicationHistoryEntity } from '@valuation/persistence';
import { VersionedWorkflow } from '../workflow/versioned-workflow';

/**
 * Institution valuation applications moved by the agency machine, with their history in
 * agency_application_history. Reading (a side's read marker) is recorded but keeps the version, so
 * a customer opening the answer never makes the staff's next step a conflict.
 */
export const agencyWorkflow = new VersionedWorkflow<AgencyApplicationEntity, AgencyApplicationHistoryEntity, AgencyEvent>({
  rows: AgencyApplicationEntity,
  history: AgencyApplicationHistoryEntity,
  subjectColumn: 'applicationId',
  transition: applyAgencyEvent,
  stateColumns: (s) => ({ state: agencyStateCode(s.value) }),
  data: (_before, _after, event) => agencyEventData(event),
  conflictMessage: AgencyWorkflowMsg.conflict,
  keepsVersion: (event) => event.type === 'READ',
});
