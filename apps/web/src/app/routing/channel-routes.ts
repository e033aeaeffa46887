import { Perm } from '@valuation/domain';
import { AssessmentDetailPage } from '../../modules/agency/pages/AgencyDetailPage';
import { AssessmentListPage } from '../../modules/agency/pages/AgencyListPage';
import { AppraisalCasePage } from '../../modules/appraisal/pages/AppraisalCasePage';
import { AppraisalQueuePage } from '../../modules/appraisal/pages/AppraisalQueuePage';
import { CustomerDomainPage } from '../../modules/customer-domain/pages/CustomerDomainPage';
import { ChannelPersonalPage } from '../../modules/personal/pages/ChannelPersonalPage';
import { ReportConfigPage } from '../../modules/report-config/pages/ReportConfigPage';
import type { RouteEntry } from './route-registry';

/** Pages of the channel area (`/channel/...`), by the route names of the channel spec. */
export const CHANNEL_ROUTES: readonly RouteEntry[] = [
  { name: 'channelPersonal', path: 'channelPersonal', title: '个人信息', component: ChannelPersonalPage },
  { name: 'appraisalQueue', path: 'appraisalQueue', title: '估价师工作台', permission: Perm.appraiser, component: AppraisalQueuePage },
  { name: 'appraisalCase', path: 'appraisalCase/:id', title: '案件处理', permission: Perm.appraiser, component: AppraisalCasePage },
  { name: 'customerDomain', path: 'customerDomain', title: '域名申请', permission: Perm.customerDomain, component: CustomerDomainPage },
  { name: 'assessmentlist', path: 'assessmentlist', title: '估价申请', permission: Perm.agencyApplications, component: AssessmentListPage },
  {
    name: 'assessmentdetail',
    path: 'assessmentdetail',
    title: '估价申请详情',
    permission: Perm.agencyApplications,
    component: AssessmentDetailPage,
  },
  { name: 'ReportConfig', path: 'ReportConfig', title: '报告配置', permission: Perm.reportConfig, component: ReportConfigPage },
];
