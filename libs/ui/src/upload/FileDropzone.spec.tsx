import { act, fireEvent, screen } from '@testing-library/react';
import { BatchMsg, checkBatchFileName, checkBatchFileSize } from '@valuation/domain';
import { useState } from 'react';
import { renderWithKit } from '../testing/render';
import { FileDropzone } from './FileDropzone';

/** The batch upload's rules, as the server applies them. */
function batchFileProblem(files: readonly File[]): string | null {
  const file = files[0];
  const name = checkBatchFileName(file?.name);
  if (!name.ok) return name.message;
  const size = checkBatchFileSize(file.size);
  return size.ok ? null : size.message;
}

function Upload() {
  const [files, setFiles] = useState<File[]>([]);
  return <FileDropzone label="上传文件" extensions={['xls', 'xlsx', 'csv']} files={files} onChange={setFiles} check={batchFileProblem} />;
}

async function pick(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  await act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
  });
}

describe('FileDropzone', () => {
  it('offers the server types to the file dialog', () => {
    renderWithKit(<Upload />);
    expect(document.querySelector('input[type="file"]')?.getAttribute('accept')).toBe('.xls,.xlsx,.csv');
    expect(screen.getByRole('button', { name: '选择文件' })).toBeTruthy();
  });

  it('refuses a file the server would refuse, with its message, and takes a good one', async () => {
    renderWithKit(<Upload />);
    await pick(new File(['x'], 'rows.txt', { type: 'text/plain' }));
    expect(await screen.findByText(BatchMsg.fileType)).toBeTruthy();

    await pick(new File([new Uint8Array(5_242_881)], 'big.xlsx'));
    expect(await screen.findByText(BatchMsg.fileSize)).toBeTruthy();

    await pick(new File(['a,b'], '北京.csv', { type: 'text/csv' }));
    expect(await screen.findByText('北京.csv')).toBeTruthy();
    expect(screen.queryByText(BatchMsg.fileSize)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '移除北京.csv' }));
    expect(screen.queryByText('北京.csv')).toBeNull();
  });
});
