import { AgencyMsg, agencyPickedFilesProblem } from '@valuation/domain';
import { DOWNLOAD_INTERVAL_MS, downloadOneBySecond } from './agency-files';

const MB = 1024 * 1024;
const file = (name: string, size = 1024) => ({ name, size });

/** What the file pickers check when files are added to those already chosen (the server's rules). */
const pick = (kind: 'request' | 'reply', current: { name: string; size: number }[], picked: { name: string; size: number }[]) =>
  agencyPickedFilesProblem(kind, [...current, ...picked]);

describe('picking agency files', () => {
  it('adds request files of the accepted types', () => {
    expect(pick('request', [file('产证.jpg')], [file('合同.pdf'), file('资料.zip')])).toBeNull();
  });

  it('refuses a sixth file, a file over 10 MB, an empty file and other types', () => {
    const five = ['a.pdf', 'b.pdf', 'c.pdf', 'd.pdf', 'e.pdf'].map((n) => file(n));
    expect(pick('request', five, [file('f.pdf')])).toBe(AgencyMsg.tooManyFiles);
    expect(pick('request', [], [file('big.pdf', 10 * MB + 1)])).toBe(AgencyMsg.fileTooBig);
    expect(pick('request', [], [file('ok.pdf', 10 * MB)])).toBeNull();
    expect(pick('request', [], [file('empty.pdf', 0)])).toBe(AgencyMsg.fileEmpty);
    expect(pick('request', [], [file('run.exe')])).toBe(AgencyMsg.requestFileType);
  });

  it('takes only PDF, Word and archives in a reply', () => {
    expect(pick('reply', [], [file('报告.docx'), file('附件.7z')])).toBeNull();
    expect(pick('reply', [], [file('照片.png')])).toBe(AgencyMsg.replyFileType);
  });
});

describe('downloading several files', () => {
  it('starts one download per second, in order, and goes on after a failure', async () => {
    const events: string[] = [];
    const wait = jest.fn(async (ms: number) => {
      events.push(`wait ${ms}`);
    });
    const failed = await downloadOneBySecond(
      ['a', 'b', 'c'],
      async (f) => {
        events.push(f);
        if (f === 'b') throw new Error('404');
      },
      wait,
    );
    expect(events).toEqual(['a', `wait ${DOWNLOAD_INTERVAL_MS}`, 'b', `wait ${DOWNLOAD_INTERVAL_MS}`, 'c']);
    expect(failed).toBe(1);
  });

  it('waits a real second between files by default', async () => {
    jest.useFakeTimers();
    try {
      const started: number[] = [];
      const done = downloadOneBySecond(['a', 'b'], async () => {
        started.push(Date.now());
      });
      await jest.advanceTimersByTimeAsync(999);
      expect(started).toHaveLength(1);
      await jest.advanceTimersByTimeAsync(1);
      await expect(done).resolves.toBe(0);
      expect(started).toHaveLength(2);
      expect(started[1] - started[0]).toBe(1000);
    } finally {
      jest.useRealTimers();
    }
  });
});
