/**
 * The XState workflow machines and the functions that apply events through them. A separate entry
 * point from the index so that the web, which only needs the states, codes and messages, never
 * ships XState; the server imports `@valuation/domain/machines`.
 */
export * from './agency/agency.machine';
export * from './domains/customer-domain.machine';
export * from './workflows/appraisal-case.machine';
