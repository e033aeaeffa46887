import { Perm } from '@valuation/domain';
import { PropertyDetailsPage } from '../../modules/agency/pages/AgencyDetailPage';
import { AgencyValuationPage } from '../../modules/agency/pages/AgencyListPage';
import { BatchValuationDetailPage } from '../../modules/batch/pages/BatchValuationDetailPage';
import { BatchValuationPage } from '../../modules/batch/pages/BatchValuationPage';
import { ManualEnquiryListPage } from '../../modules/manual-enquiry/pages/ManualEnquiryListPage';
import { ManualInquiryReportPage } from '../../modules/manual-enquiry/pages/ManualInquiryReportPage';
import { MapsPage } from '../../modules/maps/pages/MapsPage';
import { PersonalPage } from '../../modules/personal/pages/PersonalPage';
import { QuickValuationPage } from '../../modules/quickval/pages/QuickValuationPage';
import { ManualAdvisoryReportPage, ObjectionAdvisoryReportPage } from '../../modules/reports/pages/CaseReportPage';
import { AdvisoryReportPage, InquiryReportPage } from '../../modules/reports/pages/ReportPage';
import { AdvisoryReportSamplePage, InquiryReportSamplePage } from '../../modules/reports/pages/ReportSamplePage';
import { ObjectionListPage } from '../../modules/review/pages/ObjectionListPage';
import { ObjectionReviewPage } from '../../modules/review/pages/ObjectionReviewPage';
import { ReviewResultPage } from '../../modules/review/pages/ReviewResultPage';
import { ValReportPage } from '../../modules/valreport/pages/ValReportPage';
import { ValuationRecordPage } from '../../modules/records/pages/ValuationRecordPage';
import type { RouteEntry } from './route-registry';

/** Pages of the organisation area (`/org/...`), by the route names of the staff spec. */
export const ORG_ROUTES: readonly RouteEntry[] = [
  { name: 'personal', path: 'personal', title: '个人中心', component: PersonalPage },
  {
    name: 'quickval',
    aliases: ['qvindex'],
    path: 'quickval',
    title: '快速估价',
    permission: Perm.quickValuation,
    component: QuickValuationPage,
  },
  { name: 'maps', aliases: ['Maps'], path: 'maps', title: '地图定位', permission: Perm.mapPositioning, component: MapsPage },
  {
    name: 'valreport',
    aliases: ['ValReport'],
    path: 'valreport',
    title: '估价报告',
    permission: Perm.evalDetail,
    component: ValReportPage,
  },
  {
    name: 'InquiryReport',
    path: 'InquiryReport/:evalCode',
    title: '询价报告',
    permission: Perm.inquiryReport,
    component: InquiryReportPage,
  },
  {
    name: 'AdvisoryReport',
    path: 'AdvisoryReport/:evalCode',
    title: '咨询报告',
    permission: Perm.advisoryReport,
    component: AdvisoryReportPage,
  },
  {
    name: 'InquiryReportSample',
    path: 'InquiryReportSample',
    title: '询价报告样例',
    permission: Perm.inquiryReport,
    component: InquiryReportSamplePage,
  },
  {
    name: 'AdvisoryReportSample',
    path: 'AdvisoryReportSample',
    title: '咨询报告样例',
    permission: Perm.advisoryReport,
    component: AdvisoryReportSamplePage,
  },
  {
    name: 'valuationRecord',
    path: 'valuationRecord',
    title: '估价记录',
    permission: Perm.valuationRecords,
    component: ValuationRecordPage,
  },
  {
    name: 'objectionReview',
    path: 'objectionReview',
    title: '人工复评',
    permission: Perm.objectionReviewList,
    component: ObjectionReviewPage,
  },
  {
    name: 'objectionReviewReport',
    path: 'objectionReview/objectionReviewReport',
    title: '人工复评结果',
    permission: Perm.objectionReviewList,
    component: ReviewResultPage,
  },
  {
    name: 'objectionDetail',
    path: 'objectionDetail/:id/:evalType',
    title: '人工复评详情',
    permission: Perm.objectionReviewList,
    component: ReviewResultPage,
  },
  {
    name: 'objectionAdvisoryReport',
    path: 'objectionAdvisoryReport/:id',
    title: '人工复评咨询报告',
    permission: Perm.advisoryReport,
    component: ObjectionAdvisoryReportPage,
  },
  {
    name: 'objectionList',
    path: 'objectionList',
    title: '价格异议记录',
    permission: Perm.objectionReviewList,
    component: ObjectionListPage,
  },
  { name: 'manualEnquiry', path: 'manualEnquiry', title: '人工询价', permission: Perm.manualEnquiryList, component: ManualEnquiryListPage },
  {
    name: 'manualInquiryReport',
    path: 'manualEnquiry/manualInquiryReport',
    title: '人工询价结果',
    permission: Perm.manualEnquiryList,
    component: ManualInquiryReportPage,
  },
  {
    name: 'manualAdvisoryReport',
    path: 'manualAdvisoryReport/:id',
    title: '人工询价咨询报告',
    permission: Perm.advisoryReport,
    component: ManualAdvisoryReportPage,
  },
  { name: 'batchValuation', path: 'batchValuation', title: '批量估价', permission: Perm.batch, component: BatchValuationPage },
  { name: 'agencyValuation', path: 'agencyValuation', title: '机构估价', permission: Perm.agencyValuation, component: AgencyValuationPage },
  {
    name: 'propertydetails',
    path: 'propertydetails',
    title: '机构估价详情',
    permission: Perm.agencyValuation,
    component: PropertyDetailsPage,
  },
  {
    name: 'batchValuationDetail',
    path: 'batchValuationDetail/:id',
    title: '批量估价详情',
    permission: Perm.batchDetail,
    component: BatchValuationDetailPage,
  },
];
