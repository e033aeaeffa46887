import { AgencyMsg } from '@valuation/domain';
import { addPickedFiles, DOWNLOAD_INTERVAL_MS, downloadOneBySecond } from './agency-files';

const MB = 1024 * 1024;
const file = (name: string, size = 1024) => ({ name, size });

describe('picking agency files', () => {
  it('adds request files of the accepted types', () => {
    const result = addPickedFiles('request', [file('产证.jpg')], [file('合同.pdf'), file('资料.zip')]);
    expect(result).toEqual({ ok: true, files: [file('产证.jpg'), file('合同.pdf'), file('资料.zip')] });
  });

  it('refuses a sixth file, a file over 10 MB, an empty file and other types', () => {
    const five = ['a.pdf', 'b.pdf', 'c.pdf', 'd.pdf', 'e.pdf'].map((n) => file(n));
    expect(addPickedFiles('request', five, [file('f.pdf')])).toEqual({ ok: false, message: AgencyMsg.tooManyFiles });
    expect(addPickedFiles('request', [], [file('big.pdf', 10 * MB + 1)])).toEqual({ ok: false, message: AgencyMsg.fileTooBig });
    expect(addPickedFiles('request', [], [file('ok.pdf', 10 * MB)])).toMatchObject({ ok: true });
    expect(addPickedFiles('request', [], [file('empty.pdf', 0)])).toEqual({ ok: false, message: AgencyMsg.fileEmpty });
    expect(addPickedFiles('request', [], [file('run.exe')])).toEqual({ ok: false, message: AgencyMsg.requestFileType });
  });

  it('takes only PDF, Word and archives in a reply', () => {
    expect(addPickedFiles('reply', [], [file('报告.docx'), file('附件.7z')])).toMatchObject({ ok: true });
    expect(addPickedFiles('reply', [], [file('照片.png')])).toEqual({ ok: false, message: AgencyMsg.replyFileType });
  });

  it('keeps the list when nothing was picked', () => {
    expect(addPickedFiles('reply', [file('报告.pdf')], [])).toEqual({ ok: true, files: [file('报告.pdf')] });
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
