import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithKit } from '../testing/render';
import { ImageDropzone } from './ImageDropzone';

describe('ImageDropzone', () => {
  it('offers the given types and hands the chosen file to the parent, whatever its type', async () => {
    const picked: File[] = [];
    renderWithKit(<ImageDropzone name="营业执照" url={null} accept=".png,.jpg" onPick={(f) => picked.push(f)} />);
    expect(screen.getByRole('button', { name: '上传营业执照' })).toBeTruthy();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input.getAttribute('accept')).toBe('.png,.jpg');
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['x'], 'a.txt', { type: 'text/plain' })] } });
    });
    expect(picked.map((f) => f.name)).toEqual(['a.txt']);
  });

  it('shows the stored image and names the action 更换', () => {
    renderWithKit(<ImageDropzone name="资质证书" url="data:image/png;base64,AA==" accept=".png" onPick={() => undefined} />);
    expect(screen.getByRole('button', { name: '更换资质证书' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '资质证书' })).toBeTruthy();
  });
});
