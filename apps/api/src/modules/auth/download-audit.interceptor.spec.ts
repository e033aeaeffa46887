import { clip } from './audit-trail.service';
import { requestedResource } from './download-audit.interceptor';

describe('what the operation log keeps of a download', () => {
  it('keeps the path and the filters, never a token or a link ticket', () => {
    expect(requestedResource({ originalUrl: '/api/eval/export?city=%E5%8C%97%E4%BA%AC&Authorization=eyJ.abc&timestamp=1' })).toBe(
      '/api/eval/export?city=北京',
    );
    expect(requestedResource({ originalUrl: '/api/org/download?detailID=7&authorization=Bearer%20x&ticket=t1&access_token=z' })).toBe(
      '/api/org/download?detailID=7',
    );
    expect(requestedResource({ originalUrl: '/api/batch/template' })).toBe('/api/batch/template');
  });

  it('cuts a long text to the column, never inside a character', () => {
    expect(clip('a'.repeat(20), 18)).toHaveLength(18);
    expect(clip('short', 18)).toBe('short');
    expect(clip(`${'a'.repeat(17)}𠀀`, 18)).toBe('a'.repeat(17));
  });
});
