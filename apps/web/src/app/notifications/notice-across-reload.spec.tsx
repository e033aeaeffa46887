import { notifications } from '@mantine/notifications';
import { noticeAcrossReload, showNoticeLeftBeforeReload } from './notice-across-reload';

describe('a notice across a reload', () => {
  let shown: jest.SpyInstance;

  beforeEach(() => {
    window.sessionStorage.clear();
    shown = jest.spyOn(notifications, 'show').mockImplementation(() => '');
  });

  afterEach(() => shown.mockRestore());

  it('is shown at once and once more after the reload, then no more', () => {
    noticeAcrossReload('网站配置保存成功！');
    expect(shown).toHaveBeenCalledTimes(1);
    showNoticeLeftBeforeReload();
    expect(shown).toHaveBeenCalledTimes(2);
    expect(shown).toHaveBeenLastCalledWith({ color: 'green', message: '网站配置保存成功！' });
    showNoticeLeftBeforeReload();
    expect(shown).toHaveBeenCalledTimes(2);
  });

  it('shows nothing after a reload no save asked for', () => {
    showNoticeLeftBeforeReload();
    expect(shown).not.toHaveBeenCalled();
  });
});
