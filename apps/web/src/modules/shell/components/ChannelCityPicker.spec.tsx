import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { MemoryRouter } from 'react-router-dom';
import { channelCityKey } from '../../../app/regions/channel-city';
import { ChannelCityPicker } from './ChannelCityPicker';

const PINYIN = [
  { pyKey: 'B', items: [{ regionName: '北京', regionCode: '110100' }] },
  {
    pyKey: 'S',
    items: [
      { regionName: '上海', regionCode: '310100' },
      { regionName: '深圳', regionCode: '440300' },
    ],
  },
];

interface Sent {
  path: string;
  query: string;
  authorization?: string;
}

function stubApi(accountId: number): Sent[] {
  const sent: Sent[] = [];
  const fetchStub = async (url: string, init: RequestInit) => {
    const [path, query = ''] = url.split('?');
    sent.push({ path, query, authorization: ((init.headers ?? {}) as Record<string, string>).Authorization });
    const answers: Record<string, unknown> = {
      '/api/tenant/auth/user/login-user': { id: accountId, loginUser: `staff${accountId}`, userName: '渠道员工', tenantId: 3 },
      '/api/region/py': PINYIN,
      '/api/region/filter': new URLSearchParams(query).get('name') === 'sz' ? [{ regionName: '深圳', regionCode: '440300' }] : [],
      '/api/region/tree': [],
    };
    const envelope = { code: 200, message: 'success', data: answers[path] };
    return { ok: true, status: 200, headers: { get: () => null }, json: async () => envelope };
  };
  Object.assign(window, { fetch: fetchStub });
  return sent;
}

function renderPicker() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter>
      <MantineProvider env="test">
        <QueryClientProvider client={client}>
          <ChannelCityPicker color="#fff" />
        </QueryClientProvider>
      </MantineProvider>
    </MemoryRouter>,
  );
}

const dialog = () => screen.getByRole('dialog', { name: '选择城市' });

describe("the channel header's city picker", () => {
  beforeEach(() => {
    window.localStorage.clear();
    Cookies.set('cUserToken', 'channel-session-token');
  });
  afterEach(() => Cookies.remove('cUserToken'));

  it('opens the city picker, loads the pinyin groups with the channel token and remembers the city picked for this account', async () => {
    const sent = stubApi(7);
    renderPicker();
    fireEvent.click(await screen.findByRole('button', { name: '选择城市' }));
    fireEvent.click(await within(dialog()).findByRole('button', { name: '北京' }));
    expect(await screen.findByRole('button', { name: '当前城市：北京，切换城市' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '选择城市' })).toBeNull());
    expect(JSON.parse(window.localStorage.getItem(channelCityKey(7))!)).toEqual({ regionName: '北京', regionCode: '110100' });
    const py = sent.filter((s) => s.path === '/api/region/py');
    expect(py).toHaveLength(1);
    expect(py[0].authorization).toBe('Bearer channel-session-token');
  });

  it('finds a typed city through the city search with the channel token', async () => {
    const sent = stubApi(7);
    renderPicker();
    fireEvent.click(await screen.findByRole('button', { name: '选择城市' }));
    fireEvent.change(within(dialog()).getByRole('textbox', { name: '城市名称或拼音' }), { target: { value: 'sz' } });
    await act(async () => {
      fireEvent.click(within(dialog()).getByRole('button', { name: '确定' }));
    });
    expect(await screen.findByRole('button', { name: '当前城市：深圳，切换城市' })).toBeTruthy();
    const search = sent.filter((s) => s.path === '/api/region/filter');
    expect(search.length).toBeGreaterThan(0);
    expect(search.every((s) => s.authorization === 'Bearer channel-session-token')).toBe(true);
  });

  it("shows the account's own remembered city, not another account's", async () => {
    window.localStorage.setItem(channelCityKey(7), JSON.stringify({ regionName: '上海', regionCode: '310100' }));
    stubApi(8);
    renderPicker();
    expect(await screen.findByRole('button', { name: '选择城市' })).toBeTruthy();
    window.localStorage.setItem(channelCityKey(8), JSON.stringify({ regionName: '深圳', regionCode: '440300' }));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: channelCityKey(8) }));
    });
    expect(await screen.findByRole('button', { name: '当前城市：深圳，切换城市' })).toBeTruthy();
  });
});
