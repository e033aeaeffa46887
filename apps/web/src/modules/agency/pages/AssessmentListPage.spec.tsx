import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { KitProvider } from '@valuation/ui';
import Cookies from 'js-cookie';
import { MemoryRouter } from 'react-router-dom';
import { channelCityKey } from '../../../app/regions/channel-city';
import { AssessmentListPage } from './AgencyListPage';

/* The map of the application dialogs reads Vite's build variables, which the tests do not have. */
jest.mock('../../../app/map/tile-env', () => ({
  TILE_CONFIG: jest.requireActual('../../../app/map/map-config').tileConfigFrom({}),
}));

const LIST = '/api/org/tenant/list';

/** The channel API as the list reads it; returns the query of every list request. */
function stubApi(): URLSearchParams[] {
  const lists: URLSearchParams[] = [];
  const fetchStub = async (url: string) => {
    const [path, query = ''] = url.split('?');
    if (path === LIST) lists.push(new URLSearchParams(query));
    const answers: Record<string, unknown> = {
      '/api/tenant/auth/user/login-user': { id: 7, loginUser: 'channeladmin', userName: '渠道管理员', tenantId: 3 },
      '/api/tenant/auth/user/login-user/perms': [],
      [LIST]: { items: [], pageIndex: 1, pageInfo: { totalResults: 0, resultsPerPage: 10 } },
    };
    const envelope = { code: 200, message: 'success', data: answers[path] ?? null };
    return { ok: true, status: 200, headers: { get: () => null }, json: async () => envelope };
  };
  Object.assign(window, { fetch: fetchStub });
  return lists;
}

function renderList(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={[url]}>
      <MantineProvider env="test">
        <KitProvider>
          <QueryClientProvider client={client}>
            <AssessmentListPage />
          </QueryClientProvider>
        </KitProvider>
      </MantineProvider>
    </MemoryRouter>,
  );
}

const cityFilter = () => screen.findByRole('textbox', { name: '城市' });

describe("the channel's application list and the header's city", () => {
  beforeEach(() => {
    window.localStorage.clear();
    Cookies.set('cUserToken', 'channel-session-token');
  });
  afterEach(() => Cookies.remove('cUserToken'));

  it("filters by the header's city when the URL names none", async () => {
    window.localStorage.setItem(channelCityKey(7), JSON.stringify({ regionName: '北京', regionCode: '110100' }));
    const lists = stubApi();
    renderList('/channel/assessmentlist');
    expect(await cityFilter()).toHaveProperty('value', '北京');
    await waitFor(() => expect(lists.length).toBeGreaterThan(0));
    expect(lists.every((q) => q.get('cityName') === '北京')).toBe(true);
  });

  it("keeps the URL's city over the header's", async () => {
    window.localStorage.setItem(channelCityKey(7), JSON.stringify({ regionName: '北京', regionCode: '110100' }));
    const lists = stubApi();
    renderList('/channel/assessmentlist?cityName=上海');
    expect(await cityFilter()).toHaveProperty('value', '上海');
    await waitFor(() => expect(lists.length).toBeGreaterThan(0));
    expect(lists.map((q) => q.get('cityName'))).toEqual(lists.map(() => '上海'));
  });

  it('sends no city after the user emptied the filter', async () => {
    window.localStorage.setItem(channelCityKey(7), JSON.stringify({ regionName: '北京', regionCode: '110100' }));
    const lists = stubApi();
    renderList('/channel/assessmentlist?cityName=');
    expect(await cityFilter()).toHaveProperty('value', '');
    await waitFor(() => expect(lists.length).toBeGreaterThan(0));
    expect(lists.every((q) => !q.has('cityName'))).toBe(true);
  });

  it('starts without a city when none was chosen in the header', async () => {
    const lists = stubApi();
    renderList('/channel/assessmentlist');
    expect(await cityFilter()).toHaveProperty('value', '');
    await waitFor(() => expect(lists.length).toBeGreaterThan(0));
    expect(lists.every((q) => !q.has('cityName'))).toBe(true);
  });
});
