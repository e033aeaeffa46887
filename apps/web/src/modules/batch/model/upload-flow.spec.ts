import { IDLE, isTransferring, sentPercent, uploadReducer, type UploadEvent, type UploadStage } from './upload-flow';

const run = (events: UploadEvent[], from: UploadStage = IDLE) => events.reduce(uploadReducer, from);

describe('batch upload stages', () => {
  it('counts the bytes sent, then checks the file, then succeeds', () => {
    let stage = run([
      { type: 'start', total: 1000 },
      { type: 'progress', loaded: 250, total: 1000 },
    ]);
    expect(stage).toEqual({ kind: 'uploading', loaded: 250, total: 1000 });
    expect(sentPercent(stage)).toBe(25);
    stage = run([{ type: 'progress', loaded: 1000, total: 1000 }, { type: 'sent' }], stage);
    expect(stage).toEqual({ kind: 'checking' });
    expect(sentPercent(stage)).toBe(100);
    expect(run([{ type: 'succeeded' }], stage)).toEqual({ kind: 'done' });
  });

  it('never moves the progress back', () => {
    const stage = run([
      { type: 'start', total: 100 },
      { type: 'progress', loaded: 80, total: 100 },
      { type: 'progress', loaded: 40, total: 100 },
    ]);
    expect(sentPercent(stage)).toBe(80);
  });

  it('holds for the nationwide counts and goes on with the batchId when agreed', () => {
    const held = run([
      { type: 'start', total: 10 },
      { type: 'sent' },
      { type: 'needsUniversal', batchId: 'B1', evalTotal: 50, shortfall: 20 },
    ]);
    expect(held).toEqual({ kind: 'confirm', batchId: 'B1', evalTotal: 50, shortfall: 20 });
    expect(isTransferring(held)).toBe(false);
    const evaluating = uploadReducer(held, { type: 'useUniversal' });
    expect(evaluating).toEqual({ kind: 'evaluating', batchId: 'B1' });
    expect(isTransferring(evaluating)).toBe(true);
    expect(uploadReducer(evaluating, { type: 'succeeded' })).toEqual({ kind: 'done' });
  });

  it('goes back to idle with the server message on a failure, and on reset', () => {
    const failed = run([
      { type: 'start', total: 10 },
      { type: 'failed', error: '文件内容为空' },
    ]);
    expect(failed).toEqual({ kind: 'idle', error: '文件内容为空' });
    expect(run([{ type: 'start', total: 10 }, { type: 'sent' }, { type: 'reset' }])).toEqual(IDLE);
  });

  it('ignores events that do not belong to the stage', () => {
    expect(run([{ type: 'progress', loaded: 5, total: 10 }])).toEqual(IDLE);
    expect(run([{ type: 'succeeded' }])).toEqual(IDLE);
    expect(run([{ type: 'useUniversal' }])).toEqual(IDLE);
    const done = run([{ type: 'start', total: 10 }, { type: 'succeeded' }]);
    expect(
      run(
        [
          { type: 'failed', error: 'late' },
          { type: 'start', total: 5 },
        ],
        done,
      ),
    ).toEqual({ kind: 'done' });
  });

  it('counts only requests under way as transfers', () => {
    expect(isTransferring(IDLE)).toBe(false);
    expect(isTransferring({ kind: 'uploading', loaded: 0, total: 1 })).toBe(true);
    expect(isTransferring({ kind: 'checking' })).toBe(true);
    expect(isTransferring({ kind: 'done' })).toBe(false);
  });
});
