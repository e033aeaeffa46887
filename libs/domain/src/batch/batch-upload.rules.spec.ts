import {
  batchChunkOf,
  batchChunksByPlace,
  BatchMsg,
  BATCH_MAX_FILE_BYTES,
  checkBatchFileName,
  checkBatchFileSize,
  checkBatchPhone,
  checkBatchRowCount,
  checkBatchTaskName,
  checkBatchUploadForm,
  CHUNK_SIZE,
  formatBatchPhone,
} from './batch-upload.rules';

const message = (r: { ok: boolean; message?: string }) => (r.ok ? null : r.message);

describe('batch upload rules', () => {
  it('accepts xls, xlsx and csv names in any case and refuses the rest', () => {
    expect(checkBatchFileName('任务.XLSX')).toEqual({ ok: true, value: 'xlsx' });
    expect(checkBatchFileName('a.xls')).toEqual({ ok: true, value: 'xls' });
    expect(checkBatchFileName('a.Csv')).toEqual({ ok: true, value: 'csv' });
    expect(message(checkBatchFileName('a.png'))).toBe(BatchMsg.fileType);
    expect(message(checkBatchFileName('xlsx'))).toBe(BatchMsg.fileType);
    expect(message(checkBatchFileName('a.xlsx.exe'))).toBe(BatchMsg.fileType);
    expect(message(checkBatchFileName(''))).toBe('未选择上传文件！');
    expect(message(checkBatchFileName(null))).toBe('未选择上传文件！');
  });

  it('allows 5 MB exactly and refuses one byte more', () => {
    expect(BATCH_MAX_FILE_BYTES).toBe(5242880);
    expect(checkBatchFileSize(5242880).ok).toBe(true);
    expect(message(checkBatchFileSize(5242881))).toBe('文件大小不超过5MB，请重新选择文件！');
  });

  it('requires a task name of at most 15 characters', () => {
    expect(checkBatchTaskName('  三月抵押复估  ')).toEqual({ ok: true, value: '三月抵押复估' });
    expect(checkBatchTaskName('一二三四五六七八九十一二三四五').ok).toBe(true);
    expect(message(checkBatchTaskName('一二三四五六七八九十一二三四五六'))).toBe('请填写任务名！');
    expect(message(checkBatchTaskName('   '))).toBe('请填写任务名！');
    expect(message(checkBatchTaskName(undefined))).toBe('请填写任务名！');
  });

  it('takes an optional mainland mobile number, dashes allowed, and keeps the digits', () => {
    expect(checkBatchPhone('')).toEqual({ ok: true, value: null });
    expect(checkBatchPhone(undefined)).toEqual({ ok: true, value: null });
    expect(checkBatchPhone('13800138000')).toEqual({ ok: true, value: '13800138000' });
    expect(checkBatchPhone('138-0013-8000')).toEqual({ ok: true, value: '13800138000' });
    for (const bad of ['12800138000', '16800138000', '1380013800', '138001380001', 'abc', '138--0013--8000']) {
      expect(message(checkBatchPhone(bad))).toBe('手机号码格式不正确！');
    }
    expect(formatBatchPhone('13800138000')).toBe('138-0013-8000');
  });

  it('refuses an empty file and more than 10000 rows', () => {
    expect(message(checkBatchRowCount(0))).toBe(BatchMsg.fileEmpty);
    expect(checkBatchRowCount(1).ok).toBe(true);
    expect(checkBatchRowCount(10000).ok).toBe(true);
    expect(message(checkBatchRowCount(10001))).toBe('数据不可超过10000条！');
  });

  it('puts 250 rows in a chunk', () => {
    expect(CHUNK_SIZE).toBe(250);
    expect([1, 250, 251, 500, 501, 10000].map(batchChunkOf)).toEqual([0, 0, 1, 1, 2, 39]);
  });

  it('chunks rows by place: the units of one community share a chunk, in as many chunks as in file order', () => {
    const places = ['小区甲', '小区乙', null, '小区丙'];
    const rows = Array.from({ length: 1001 }, (_, i) => ({ cityCode: i % 7 === 0 ? '310100' : '110100', location: places[(i * 5) % 4] }));
    const chunks = batchChunksByPlace(rows);
    expect(new Set(chunks).size).toBe(Math.ceil(rows.length / CHUNK_SIZE));
    const sizes = new Map<number, number>();
    for (const c of chunks) sizes.set(c, (sizes.get(c) ?? 0) + 1);
    expect([...sizes.values()].every((n) => n <= CHUNK_SIZE)).toBe(true);
    // Chunks follow city, then address (missing last), then file order.
    const key = (i: number) => `${rows[i].cityCode}|${rows[i].location ?? '\uffff'}|${String(i).padStart(5, '0')}`;
    const byKey = (a: number, b: number) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);
    const byChunk = rows.map((_, i) => i).sort((a, b) => chunks[a] - chunks[b] || byKey(a, b));
    const sorted = rows.map((_, i) => i).sort(byKey);
    expect(byChunk).toEqual(sorted);
    // A community's units span at most the chunks their count needs, plus one boundary.
    const ofPlace = new Set(chunks.filter((_, i) => rows[i].cityCode === '110100' && rows[i].location === '小区甲'));
    const count = rows.filter((r) => r.cityCode === '110100' && r.location === '小区甲').length;
    expect(ofPlace.size).toBeLessThanOrEqual(Math.ceil(count / CHUNK_SIZE) + 1);
    expect(batchChunksByPlace([])).toEqual([]);
  });

  it('checks the dialog in the specification order', () => {
    const form = { fileName: 'a.csv', fileSize: 100, taskName: '任务', phone: '13800138000' };
    expect(checkBatchUploadForm(form)).toEqual({ ok: true, value: { extension: 'csv', taskName: '任务', phone: '13800138000' } });
    expect(message(checkBatchUploadForm({ ...form, fileName: null, taskName: '' }))).toBe(BatchMsg.fileMissing);
    expect(message(checkBatchUploadForm({ ...form, fileName: 'a.txt', fileSize: 1e8 }))).toBe(BatchMsg.fileType);
    expect(message(checkBatchUploadForm({ ...form, fileSize: 1e8, taskName: '' }))).toBe(BatchMsg.fileSize);
    expect(message(checkBatchUploadForm({ ...form, taskName: '', phone: 'x' }))).toBe(BatchMsg.taskNameRequired);
    expect(message(checkBatchUploadForm({ ...form, phone: 'x' }))).toBe(BatchMsg.phoneInvalid);
  });
});
