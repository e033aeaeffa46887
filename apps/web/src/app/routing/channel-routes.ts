import { ChannelPersonalPage } from '../../modules/personal/pages/ChannelPersonalPage';
import type { RouteEntry } from './route-registry';

/** Pages of the channel area (`/channel/...`), by the route names of the channel spec. */
export const CHANNEL_ROUTES: readonly RouteEntry[] = [
  { name: 'channelPersonal', path: 'channelPersonal', title: '个人信息', component: ChannelPersonalPage },
];
