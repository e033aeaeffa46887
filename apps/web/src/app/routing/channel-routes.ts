import { Perm } from '@valuation/domain';
import type { RouteEntry } from './route-registry';

/** Pages of the channel area (`/channel/...`), by the route names of the channel spec. */
export const CHANNEL_ROUTES: readonly RouteEntry[] = [
  {
    name: 'channelPersonal',
    path: 'channelPersonal',
    title: '个人信息',
    page: () => import('../../modules/personal/pages/ChannelPersonalPage').then((m) => m.ChannelPersonalPage),
  },
  {
    name: 'appraisalQueue',
    path: 'appraisalQueue',
    title: '估价师工作台',
    permission: Perm.appraiser,
    page: () => import('../../modules/appraisal/pages/AppraisalQueuePage').then((m) => m.AppraisalQueuePage),
  },
  {
    name: 'appraisalCase',
    path: 'appraisalCase/:id',
    title: '案件处理',
    permission: Perm.appraiser,
    page: () => import('../../modules/appraisal/pages/AppraisalCasePage').then((m) => m.AppraisalCasePage),
  },
  {
    name: 'customerCompany',
    path: 'customerCompany',
    title: '客户公司',
    permission: Perm.customerCompany,
    page: () => import('../../modules/customer-company/pages/CustomerCompanyPage').then((m) => m.CustomerCompanyPage),
  },
  {
    name: 'customerDomain',
    path: 'customerDomain',
    title: '域名申请',
    permission: Perm.customerDomain,
    page: () => import('../../modules/customer-domain/pages/CustomerDomainPage').then((m) => m.CustomerDomainPage),
  },
  {
    name: 'customerCategory',
    path: 'customerCategory',
    title: '客户类别',
    permission: Perm.customerCategory,
    page: () => import('../../modules/customer-category/pages/CustomerCategoryPage').then((m) => m.CustomerCategoryPage),
  },
  {
    name: 'assessmentlist',
    path: 'assessmentlist',
    title: '估价申请',
    permission: Perm.agencyApplications,
    page: () => import('../../modules/agency/pages/AgencyListPage').then((m) => m.AssessmentListPage),
  },
  {
    name: 'assessmentdetail',
    path: 'assessmentdetail',
    title: '估价申请详情',
    permission: Perm.agencyApplications,
    page: () => import('../../modules/agency/pages/AgencyDetailPage').then((m) => m.AssessmentDetailPage),
  },
  {
    name: 'ReportConfig',
    path: 'ReportConfig',
    title: '报告配置',
    permission: Perm.reportConfig,
    page: () => import('../../modules/report-config/pages/ReportConfigPage').then((m) => m.ReportConfigPage),
  },
  {
    name: 'systemLog',
    path: 'systemLog',
    title: '操作日志',
    permission: Perm.operationLog,
    page: () => import('../../modules/operation-log/pages/SystemLogPage').then((m) => m.SystemLogPage),
  },
  {
    name: 'customerRole',
    path: 'customerRole',
    title: '客户角色',
    permission: Perm.customerRole,
    page: () => import('../../modules/roles/pages/RoleListPage').then((m) => m.CustomerRoleListPage),
  },
  {
    name: 'customerEditRole',
    path: 'customerEditRole/:id',
    title: '编辑客户角色',
    permission: Perm.customerRole,
    page: () => import('../../modules/roles/pages/RoleEditPage').then((m) => m.CustomerRoleEditPage),
  },
  {
    name: 'sysRole',
    path: 'sysRole',
    title: '员工角色',
    permission: Perm.staffRole,
    page: () => import('../../modules/roles/pages/RoleListPage').then((m) => m.StaffRoleListPage),
  },
  {
    name: 'sysEditRole',
    path: 'sysEditRole/:id',
    title: '编辑员工角色',
    permission: Perm.staffRole,
    page: () => import('../../modules/roles/pages/RoleEditPage').then((m) => m.StaffRoleEditPage),
  },
];
