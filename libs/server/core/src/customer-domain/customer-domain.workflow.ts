import { domainEventData, domainStateCode, DomainWorkflowMsg, type CustomerDomainEvent } from '@valuation/domain';
import { applyDomainEvent } from '@valuation/domain/machines';
import { CustomerDomainEntity, CustomerDomainHistoryEntity } from '@valuation/persistence';
import { VersionedWorkflow } from '../workflow/versioned-workflow';

/**
 * Customer domain applications moved by the domain machine, with their history in
 * customer_domain_history. The domain column follows the context, so an edit moves it too.
 */
export const customerDomainWorkflow = new VersionedWorkflow<CustomerDomainEntity, CustomerDomainHistoryEntity, CustomerDomainEvent>({
  rows: CustomerDomainEntity,
  history: CustomerDomainHistoryEntity,
  subjectColumn: 'domainId',
  transition: applyDomainEvent,
  stateColumns: (s) => ({ state: domainStateCode(s.value), domain: s.context.domain }),
  data: domainEventData,
  conflictMessage: DomainWorkflowMsg.conflict,
});
