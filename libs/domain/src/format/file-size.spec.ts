import { fileSizeText } from './file-size';

describe('fileSizeText', () => {
  it('shows sizes in K below a megabyte and in M with one decimal above', () => {
    expect([fileSizeText(100), fileSizeText(300 * 1024), fileSizeText(1024 * 1024), fileSizeText(2.45 * 1024 * 1024)]).toEqual([
      '1K',
      '300K',
      '1.0M',
      '2.5M',
    ]);
  });
});
