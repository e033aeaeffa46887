import { Perm } from '@valuation/domain';

/** One sidebar entry: a route name (or a group name) of the spec with its title and verify id. */
export interface MenuEntry {
  name: string;
  title: string;
  verifyId?: number;
  /** Shown whatever the permissions (the personal page). */
  always?: boolean;
  /** Routes reached from this entry that keep it highlighted. */
  activeFor?: readonly string[];
  children?: readonly MenuEntry[];
}

export const ORG_MENU: readonly MenuEntry[] = [
  { name: 'personal', title: '个人中心', always: true },
  { name: 'qvindex', title: '快速估价', verifyId: Perm.quickValuation, activeFor: ['quickval', 'maps', 'valreport'] },
  { name: 'valuationRecord', title: '估价记录', verifyId: Perm.valuationRecords },
  {
    name: 'manualEnquiry',
    title: '人工询价',
    verifyId: Perm.manualEnquiryList,
    activeFor: ['manualInquiryReport', 'manualAdvisoryReport'],
  },
  {
    name: 'objectionReview',
    title: '人工复评',
    verifyId: Perm.objectionReview,
    activeFor: ['objectionReviewReport', 'objectionDetail', 'objectionAdvisoryReport'],
  },
  { name: 'batchValuation', title: '批量估价', verifyId: Perm.batch, activeFor: ['batchValuationDetail'] },
  { name: 'agencyValuation', title: '机构估价', verifyId: Perm.agencyValuation, activeFor: ['propertydetails'] },
  { name: 'manage', title: '资产管理', verifyId: Perm.assets },
  {
    name: 'collateralGroup',
    title: '押品监测',
    children: [
      { name: 'collateral', title: '重估任务', verifyId: Perm.collateral, activeFor: ['collateralRun'] },
      { name: 'collateralAlerts', title: '押品预警', verifyId: Perm.collateral },
      { name: 'LoanOfTrendAnalyse', title: '价值趋势', verifyId: Perm.loanTrend },
      { name: 'LoanOfStructureAnalyse', title: '结构分析', verifyId: Perm.loanStructure },
      { name: 'LoanOfHouseAnalyse', title: '单押品分析', verifyId: Perm.loanHouse },
      { name: 'LoanOfBusinessScreen', title: '贷后大屏', verifyId: Perm.loanScreen },
      { name: 'LoanApplyFor', title: '贷款申请', verifyId: Perm.loanApply },
    ],
  },
  {
    name: 'stat',
    title: '统计分析',
    children: [
      { name: 'summary', title: '估价汇总', verifyId: Perm.statSummary },
      { name: 'subsidiary', title: '估价明细', verifyId: Perm.statItems },
    ],
  },
  {
    name: 'config',
    title: '系统设置',
    children: [
      { name: 'organization', title: '机构管理', verifyId: Perm.organisation },
      { name: 'accountManage', title: '账号管理', verifyId: Perm.accounts, activeFor: ['assignRole'] },
      { name: 'roleManage', title: '角色管理', verifyId: Perm.roles, activeFor: ['editRole'] },
      { name: 'businessManage', title: '业务管理', verifyId: Perm.business },
      { name: 'riskCoefficient', title: '风控系数', verifyId: Perm.risk },
      { name: 'assetType', title: '资产类型', verifyId: Perm.assetType },
      { name: 'Configuration', title: '网站配置', verifyId: Perm.siteConfig },
      { name: 'BalanceManagement', title: '余额管理', verifyId: Perm.balance, activeFor: ['AssignRecords'] },
      { name: 'Fieldsettings', title: '字段设置', verifyId: Perm.fieldSettings },
      { name: 'apiKeys', title: 'API密钥', verifyId: Perm.apiKeys },
      { name: 'notifySettings', title: '通知设置', verifyId: Perm.organisation },
    ],
  },
];

export const CHANNEL_MENU: readonly MenuEntry[] = [
  { name: 'channelPersonal', title: '个人信息', always: true },
  { name: 'appraisalQueue', title: '估价师工作台', verifyId: Perm.appraiser, activeFor: ['appraisalCase'] },
  {
    name: 'client',
    title: '客户管理',
    children: [
      { name: 'customerCompany', title: '客户公司', verifyId: Perm.customerCompany },
      { name: 'customerDomain', title: '域名申请', verifyId: Perm.customerDomain },
      { name: 'customerAccount', title: '客户账号', verifyId: Perm.customerAccount, activeFor: ['customerAssignRole'] },
      { name: 'customerRole', title: '客户角色', verifyId: Perm.customerRole, activeFor: ['customerEditRole'] },
      { name: 'customerCategory', title: '客户类别', verifyId: Perm.customerCategory },
      { name: 'balance', title: '客户余额', verifyId: Perm.tenantStatSummary, activeFor: ['balanceRecord', 'balanceDetail'] },
      { name: 'assessmentlist', title: '估价申请', verifyId: Perm.agencyApplications, activeFor: ['assessmentdetail'] },
    ],
  },
  {
    name: 'stat',
    title: '统计分析',
    children: [
      { name: 'channelSummary', title: '估价汇总', verifyId: Perm.tenantStatSummary },
      { name: 'channelSubsidiary', title: '估价明细', verifyId: Perm.tenantStatItems, activeFor: ['subsidiary'] },
    ],
  },
  {
    name: 'clientConfigs',
    title: '系统配置',
    children: [
      { name: 'sysAccount', title: '员工账号', verifyId: Perm.staffAccount, activeFor: ['sysAssignRole'] },
      { name: 'sysRole', title: '员工角色', verifyId: Perm.staffRole, activeFor: ['sysEditRole'] },
      { name: 'clientConfiguration', title: '网站配置', verifyId: Perm.tenantSiteConfig },
      { name: 'ReportConfig', title: '报告配置', verifyId: Perm.reportConfig },
      { name: 'clientFieldsettings', title: '字段设置', verifyId: Perm.tenantEvalField },
      { name: 'evaluationmethod', title: '估价方法', verifyId: Perm.evalMethod },
      { name: 'systemLog', title: '操作日志', verifyId: Perm.operationLog, activeFor: ['objectionDetail'] },
    ],
  },
];
