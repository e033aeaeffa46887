import { Perm } from '@valuation/domain';
import { ChannelPersonalPage } from '../../modules/personal/pages/ChannelPersonalPage';
import { ReportConfigPage } from '../../modules/report-config/pages/ReportConfigPage';
import type { RouteEntry } from './route-registry';

/** Pages of the channel area (`/channel/...`), by the route names of the channel spec. */
export const CHANNEL_ROUTES: readonly RouteEntry[] = [
  { name: 'channelPersonal', path: 'channelPersonal', title: '个人信息', component: ChannelPersonalPage },
  { name: 'ReportConfig', path: 'ReportConfig', title: '报告配置', permission: Perm.reportConfig, component: ReportConfigPage },
];
