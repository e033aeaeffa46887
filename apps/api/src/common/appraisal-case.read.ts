import { CaseConflictError, CaseNotFoundError, CaseRefusedError, type AppraisalCaseStore } from '@valuation/core';
import { isCaseRequester } from '@valuation/domain';
import type { AppraisalCaseEntity } from '@valuation/persistence';
import { ApiError } from './api-error';
import { actorOf } from './appraisal-case.scope';
import type { Principal } from './principal';

/**
 * The caller opens an answered case: its requester's first opening marks the answer read (READ,
 * checked against the version read); anyone else opening it (a supervisor through the data range),
 * or the requester again, changes nothing. Answers the case as it now stands; when another request
 * changed it meanwhile, as `reload` finds it.
 */
export async function openAnswer(
  store: AppraisalCaseStore,
  p: Principal,
  c: AppraisalCaseEntity,
  reload: () => Promise<AppraisalCaseEntity>,
): Promise<AppraisalCaseEntity> {
  const viewer = actorOf(p);
  if (c.context.read || !isCaseRequester(c.context, viewer)) return c;
  try {
    return await store.apply(c.id, p.tenantId, { type: 'READ', actor: viewer }, c.version);
  } catch (error) {
    if (error instanceof CaseConflictError) return reload();
    if (error instanceof CaseRefusedError) throw ApiError.badRequest(error.message);
    if (error instanceof CaseNotFoundError) throw ApiError.notFound(error.message);
    throw error;
  }
}
