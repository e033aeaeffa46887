import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { SiteConfig } from '@valuation/contracts';
import { SiteConfigMsg } from '@valuation/domain';
import { KitProvider } from '@valuation/ui';
import { SiteConfigEditor } from './SiteConfigEditor';

const CONFIG: SiteConfig = {
  id: 7,
  productName: '示范估价系统',
  companyName: '示范银行',
  companyProfile: 'https://www.example.com/about',
  address: '北京市朝阳区建国路88号',
  contact: '400-800-1234',
  email: 'service@example.com',
  themeColor: 'rgba(28, 126, 214, 1)',
  hasLogo: false,
  hasBackground: false,
  version: '1',
};

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const file = (bytes: Uint8Array<ArrayBuffer>, name: string, size = bytes.length) =>
  new File([bytes, new Uint8Array(size - bytes.length)], name);

let shown: jest.SpyInstance;

beforeAll(() => {
  URL.createObjectURL = jest.fn(() => 'blob:picked');
  URL.revokeObjectURL = jest.fn();
});
beforeEach(() => {
  shown = jest.spyOn(notifications, 'show').mockImplementation(() => '');
});
afterEach(() => shown.mockRestore());

function renderEditor(config: SiteConfig = CONFIG) {
  const save = jest.fn(async () => config);
  const deleteImage = jest.fn(async () => ({ ...config, hasLogo: false }));
  const reload = jest.fn();
  render(
    <MantineProvider env="test">
      <KitProvider>
        <SiteConfigEditor population="user" config={config} save={save} deleteImage={deleteImage} reload={reload} />
      </KitProvider>
    </MantineProvider>,
  );
  return { save, deleteImage, reload };
}

const field = (label: string) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const apply = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: '应用' }));
  });

describe('SiteConfigEditor', () => {
  it('shows the message of every field the server would refuse and does not save', async () => {
    const { save } = renderEditor();
    type('系统名称', ' ');
    type('关于我们', '关于我们页面');
    type('联系电话', '010-12345678；13800000000');
    type('公司邮箱', 'service@');
    type('自定义颜色', '#12');
    await apply();
    for (const message of [
      SiteConfigMsg.productNameRequired,
      SiteConfigMsg.profileInvalid,
      SiteConfigMsg.contactInvalid,
      SiteConfigMsg.emailInvalid,
      SiteConfigMsg.colorInvalid,
    ])
      expect(await screen.findByText(message)).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });

  it('refuses a colour name or rgba typed into the hex input', async () => {
    const { save } = renderEditor();
    for (const value of ['green', 'rgba(1, 2, 3, 1)', '#12345']) {
      type('自定义颜色', value);
      await apply();
      expect(await screen.findByText(SiteConfigMsg.colorInvalid)).toBeTruthy();
    }
    expect(save).not.toHaveBeenCalled();
  });

  it('saves a preset colour as rgba with phones split by either comma, then reloads after 300 ms', async () => {
    jest.useFakeTimers();
    try {
      const { save, reload } = renderEditor();
      type('联系电话', '010-12345678，400-800-1234,13800000000');
      fireEvent.click(screen.getByRole('button', { name: '预设颜色2 #0ca678' }));
      expect(field('自定义颜色').value).toBe('#0ca678');
      await apply();
      expect(save).toHaveBeenCalledWith({
        id: 7,
        productName: '示范估价系统',
        companyName: '示范银行',
        companyProfile: 'https://www.example.com/about',
        address: '北京市朝阳区建国路88号',
        contact: '010-12345678，400-800-1234,13800000000',
        email: 'service@example.com',
        themeColor: 'rgba(12, 166, 120, 1)',
      });
      expect(shown).toHaveBeenCalledWith(expect.objectContaining({ message: SiteConfigMsg.saved }));
      act(() => jest.advanceTimersByTime(299));
      expect(reload).not.toHaveBeenCalled();
      act(() => jest.advanceTimersByTime(1));
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('takes a short custom hex', async () => {
    const { save } = renderEditor();
    type('自定义颜色', '#abc');
    await apply();
    expect(save).toHaveBeenLastCalledWith(expect.objectContaining({ themeColor: 'rgba(170, 187, 204, 1)' }));
    // Once applied, the editor waits for the reload with its controls disabled.
    expect(screen.getByRole('button', { name: '命名颜色' })).toHaveProperty('disabled', true);
  });

  it('takes a named colour from the palette', async () => {
    const { save } = renderEditor();
    fireEvent.click(screen.getByRole('button', { name: '命名颜色' }));
    fireEvent.click(await screen.findByRole('button', { name: 'rebeccapurple #663399' }));
    expect(field('自定义颜色').value).toBe('#663399');
    await apply();
    expect(save).toHaveBeenLastCalledWith(expect.objectContaining({ themeColor: 'rgba(102, 51, 153, 1)' }));
  });

  it('checks a picked image by its content and size before keeping it, and sends a kept one', async () => {
    const { save } = renderEditor();
    const [logoInput] = Array.from(document.querySelectorAll<HTMLInputElement>('input[type="file"]'));
    const pickLogo = (f: File) =>
      act(async () => {
        fireEvent.change(logoInput, { target: { files: [f] } });
      });

    await pickLogo(new File(['%PDF-1.7'], 'logo.png'));
    expect(await screen.findByText(SiteConfigMsg.imageFormat)).toBeTruthy();
    await pickLogo(file(PNG, 'logo.png', 2 * 1024 * 1024 + 1));
    expect(await screen.findByText(SiteConfigMsg.logoTooLarge)).toBeTruthy();

    const logo = file(PNG, 'logo.png', 1024);
    await pickLogo(logo);
    await waitFor(() => expect(screen.queryByText(SiteConfigMsg.logoTooLarge)).toBeNull());
    expect(screen.getByText('待保存')).toBeTruthy();
    await apply();
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ logoFile: logo }));
  });

  it('asks before cancelling, and reloads only when confirmed', async () => {
    const { reload } = renderEditor();
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(await screen.findByText(SiteConfigMsg.cancelConfirm)).toBeTruthy();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByText(SiteConfigMsg.cancelConfirm)).toBeNull());
    expect(reload).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('deletes a stored logo after confirmation', async () => {
    const { deleteImage } = renderEditor({ ...CONFIG, hasLogo: true });
    fireEvent.click(screen.getByRole('button', { name: '删除' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定删除' }));
    await waitFor(() => expect(deleteImage).toHaveBeenCalledWith(1));
  });
});
