/**
 * Stages of the create-task dialog: the file is sent (bytes counted), checked by the server once
 * fully sent, possibly held for the user's agreement to use nationwide counts, then accepted.
 * A failure or a cancel goes back to idle.
 */
export type UploadStage =
  | { kind: 'idle'; error?: string }
  | { kind: 'uploading'; loaded: number; total: number }
  | { kind: 'checking' }
  | { kind: 'confirm'; batchId: string; evalTotal: number; shortfall?: number }
  | { kind: 'evaluating'; batchId: string }
  | { kind: 'done' };

export type UploadEvent =
  | { type: 'start'; total: number }
  | { type: 'progress'; loaded: number; total: number }
  | { type: 'sent' }
  | { type: 'needsUniversal'; batchId: string; evalTotal: number; shortfall?: number }
  | { type: 'useUniversal' }
  | { type: 'succeeded' }
  | { type: 'failed'; error: string }
  | { type: 'reset' };

export const IDLE: UploadStage = { kind: 'idle' };

export function uploadReducer(stage: UploadStage, event: UploadEvent): UploadStage {
  switch (event.type) {
    case 'start':
      return stage.kind === 'idle' ? { kind: 'uploading', loaded: 0, total: event.total } : stage;
    case 'progress':
      if (stage.kind !== 'uploading') return stage;
      return { kind: 'uploading', loaded: Math.max(stage.loaded, event.loaded), total: event.total || stage.total };
    case 'sent':
      return stage.kind === 'uploading' ? { kind: 'checking' } : stage;
    case 'needsUniversal':
      return stage.kind === 'uploading' || stage.kind === 'checking'
        ? { kind: 'confirm', batchId: event.batchId, evalTotal: event.evalTotal, shortfall: event.shortfall }
        : stage;
    case 'useUniversal':
      return stage.kind === 'confirm' ? { kind: 'evaluating', batchId: stage.batchId } : stage;
    case 'succeeded':
      return stage.kind === 'uploading' || stage.kind === 'checking' || stage.kind === 'evaluating' ? { kind: 'done' } : stage;
    case 'failed':
      return stage.kind === 'idle' || stage.kind === 'done' ? stage : { kind: 'idle', error: event.error };
    case 'reset':
      return IDLE;
  }
}

/** Whether a request is under way: closing the dialog or leaving the page then needs a confirmation. */
export function isTransferring(stage: UploadStage): boolean {
  return stage.kind === 'uploading' || stage.kind === 'checking' || stage.kind === 'evaluating';
}

/** Percent of the bytes sent, whole. */
export function sentPercent(stage: UploadStage): number {
  if (stage.kind === 'checking' || stage.kind === 'confirm' || stage.kind === 'evaluating' || stage.kind === 'done') return 100;
  if (stage.kind !== 'uploading' || stage.total <= 0) return 0;
  return Math.min(100, Math.floor((stage.loaded * 100) / stage.total));
}
