import iconv from 'iconv-lite';
import { detectTextEncoding, isValidUtf8 } from './text-encoding.detector';

const HEADER = '小区编码,小区名称,城市,区县,地址\n';
const TEXT = HEADER + 'BJ0001,阳光花园,北京,朝阳,朝阳区望京街12号\nBJ0002,锦绣华庭,北京,海淀,海淀区中关村大街1号\n';

describe('detectTextEncoding', () => {
  it('recognises GB18030 bytes made by iconv-lite, short and long', () => {
    expect(detectTextEncoding(iconv.encode(TEXT, 'gb18030'))).toBe('gb18030');
    expect(detectTextEncoding(iconv.encode('haCode,name\nA1,锦绣华庭\n', 'gb18030'))).toBe('gb18030');
    expect(detectTextEncoding(iconv.encode(TEXT, 'gbk'))).toBe('gb18030');
  });

  it('recognises UTF-8 with and without a byte-order mark, and UTF-16 by its mark', () => {
    expect(detectTextEncoding(Buffer.from(TEXT))).toBe('utf-8');
    expect(detectTextEncoding(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(TEXT)]))).toBe('utf-8');
    expect(detectTextEncoding(iconv.encode(TEXT, 'utf-16le', { addBOM: true }))).toBe('utf-16le');
    expect(detectTextEncoding(Buffer.from('plain ascii,1,2\n'))).toBe('utf-8');
  });

  it('takes UTF-8 cut in the middle of a character as UTF-8', () => {
    const bytes = Buffer.from('锦绣华庭');
    expect(isValidUtf8(bytes.subarray(0, 4))).toBe(true);
    expect(detectTextEncoding(bytes.subarray(0, 5))).toBe('utf-8');
    expect(isValidUtf8(bytes.subarray(0, 4), false)).toBe(false);
  });
});
