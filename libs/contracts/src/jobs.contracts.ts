/**
 * Queue names and the typed payload of every job. A worker process serves the queues named in
 * WORKER_QUEUES; at start it refuses to run if a job name below has no handler or two.
 */
export const QUEUES = {
  audit: 'audit',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
export const QUEUE_NAMES: readonly QueueName[] = Object.values(QUEUES);

export interface AuditRecordPayload {
  /** Unique per event: a retried job never records it twice. */
  eventKey: string;
  tenantId: number;
  population: 'user' | 'tenant';
  actorId: number;
  actorLogin: string;
  actorName: string;
  action: string;
  detail: string;
  ip: string;
  at: string;
}

export interface JobPayloads {
  'audit.record': AuditRecordPayload;
}
export type JobName = keyof JobPayloads;

/** Which queue carries each job name. */
export const JOB_QUEUE: { readonly [K in JobName]: QueueName } = {
  'audit.record': QUEUES.audit,
};
