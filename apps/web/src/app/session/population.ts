import type { Population } from '@valuation/domain';

export type Area = 'org' | 'channel';

export interface PopulationEndpoints {
  captcha: string;
  login: string;
  logout: string;
  siteConfig: string;
  siteImages: string;
  loginUser: string;
  permissions: string;
  editProfile: string;
  updatePassword: string;
  /** Makes a single-use link to one download of this population (no token in it). */
  downloadLink: string;
}

export interface PopulationConfig {
  population: Population;
  area: Area;
  /** Path of the area all routes of this population sit under. */
  basePath: string;
  loginPath: string;
  /** Name of the personal page route, the first sidebar entry. */
  personalRoute: string;
  tokenCookie: string;
  nameCookie: string;
  /** Set (for 14 days) when the user ticked 记住账号; tells refreshed tokens which expiry to use. */
  rememberCookie: string;
  endpoints: PopulationEndpoints;
}

export const POPULATIONS: Readonly<Record<Population, PopulationConfig>> = {
  user: {
    population: 'user',
    area: 'org',
    basePath: '/org',
    loginPath: '/login',
    personalRoute: 'personal',
    tokenCookie: 'userToken',
    nameCookie: 'username',
    rememberCookie: 'userRemember',
    endpoints: {
      captcha: '/api/login/captcha',
      login: '/api/login/',
      logout: '/api/logout/',
      siteConfig: '/api/site-config/get',
      siteImages: '/api/site-config/images',
      loginUser: '/api/auth/user/login-user',
      permissions: '/api/auth/user/login-user/perms',
      editProfile: '/api/auth/user/login-user/edit',
      updatePassword: '/api/auth/user/updatePwd',
      downloadLink: '/api/download-link',
    },
  },
  tenant: {
    population: 'tenant',
    area: 'channel',
    basePath: '/channel',
    loginPath: '/channelLogin',
    personalRoute: 'channelPersonal',
    tokenCookie: 'cUserToken',
    nameCookie: 'cUsername',
    rememberCookie: 'cUserRemember',
    endpoints: {
      captcha: '/api/tenant/captcha',
      login: '/api/tenant/login',
      logout: '/api/tenant/logout',
      siteConfig: '/api/tenant/site-config/get',
      siteImages: '/api/tenant/site-config/images',
      loginUser: '/api/tenant/auth/user/login-user',
      permissions: '/api/tenant/auth/user/t/login-user/perms',
      editProfile: '/api/tenant/auth/user/t/login-user/edit',
      updatePassword: '/api/tenant/auth/user/t/updatePwd',
      downloadLink: '/api/tenant/download-link',
    },
  },
};

/** The token kind of a request: tenant tokens for URLs containing `tenant`, user tokens otherwise. */
export function populationOfUrl(url: string): Population {
  return url.includes('tenant') ? 'tenant' : 'user';
}

/** The population whose pages a browser path belongs to (`/channel...` and `/channelLogin` are tenant pages). */
export function populationOfPath(pathname: string): Population {
  return /^\/channel/i.test(pathname) ? 'tenant' : 'user';
}

export const AREA_POPULATION: Readonly<Record<Area, Population>> = { org: 'user', channel: 'tenant' };
