/** Named ids used by code, so no handler spells a bare number. */
export const Perm = {
  quickValuation: 1,
  valuationRecords: 2,
  /** Detail action in the record lists (and the valuation result page). */
  evalDetail: 22,
  /** Export Excel of the valuation record list. */
  recordExport: 26,
  batch: 3,
  /** Create a batch task (upload, confirm nationwide counts, template). */
  batchCreate: 27,
  /** Batch task detail and its items. */
  batchDetail: 28,
  /** Export of the items of a batch task. */
  batchExport: 29,
  objectionReviewList: 4,
  assets: 5,
  /** Add a valuation record to the assets (加入资产). */
  assetAdd: 23,
  assetExport: 30,
  assetDelete: 31,
  statSummary: 7,
  statItems: 8,
  organisation: 10,
  accounts: 11,
  accountAdd: 46,
  accountEdit: 47,
  /** Enable or disable an account. */
  accountStatus: 48,
  accountAssignRole: 49,
  roles: 12,
  roleAdd: 52,
  roleEdit: 53,
  roleDelete: 54,
  business: 13,
  /** Add, edit and delete a business type. */
  businessAdd: 55,
  businessEdit: 56,
  businessDelete: 57,
  risk: 14,
  /** Add, edit and delete a risk coefficient. */
  riskAdd: 58,
  riskEdit: 59,
  riskDelete: 60,
  assetType: 15,
  /** Add an asset type (editing and deleting need only the asset type page). */
  assetTypeAdd: 61,
  siteConfig: 16,
  evalFieldFeature: 17,
  mapPositioning: 18,
  /** Manual re-appraisal (人工复评) of a valuation, a manual enquiry or a re-appraisal. */
  manualReappraisal: 21,
  /** Advisory report button (generate or view). */
  advisoryReport: 34,
  /** Inquiry report button (generate or view). */
  inquiryReport: 35,
  fieldSettings: 19,
  manualEnquiryList: 104,
  objectionReview: 105,
  balance: 107,
  /** Allocate, revoke and set the default counts of balances. */
  balanceAllocate: 20,
  agencyValuation: 108,
  saleValuation: 110,
  rentValuation: 111,
  manualEnquiry: 112,
  customerCompany: 66,
  /** Add, edit and delete a customer company. */
  customerCompanyAdd: 78,
  customerCompanyEdit: 79,
  customerCompanyDelete: 80,
  customerDomain: 67,
  /** Apply for a customer domain. */
  customerDomainApply: 81,
  /** Edit the domain of an application. */
  customerDomainEdit: 82,
  /** Delete a domain application. */
  customerDomainDelete: 83,
  customerAccount: 68,
  customerAccountAdd: 84,
  customerAccountEdit: 85,
  customerAccountStatus: 86,
  customerAccountDetail: 87,
  customerAccountAssignRole: 88,
  customerRole: 69,
  customerRoleAdd: 89,
  customerRoleEdit: 90,
  customerRoleDelete: 91,
  customerCategory: 70,
  /** Add, edit and delete a customer category. */
  customerCategoryAdd: 92,
  customerCategoryEdit: 93,
  customerCategoryDelete: 94,
  tenantStatSummary: 71,
  tenantStatItems: 72,
  staffAccount: 73,
  staffAccountAdd: 95,
  staffAccountEdit: 96,
  staffAccountStatus: 97,
  staffAccountDetail: 98,
  staffAccountAssignRole: 99,
  staffRole: 74,
  staffRoleAdd: 100,
  staffRoleEdit: 101,
  staffRoleDelete: 102,
  tenantSiteConfig: 75,
  reportConfig: 76,
  tenantEvalField: 77,
  evalMethod: 103,
  operationLog: 106,
  agencyApplications: 109,
  appraiser: 113,
  /** Claim a case of the appraisers' queue, or release it again. */
  appraiserClaim: 114,
  /** Answer a case with a price and reply, or refuse it. */
  appraiserAnswer: 115,
  /** Collateral monitoring: revaluation runs of the asset book and their drift alerts. */
  collateral: 116,
  /** Start a revaluation run of the asset book. */
  revalRun: 117,
  /** Set the drift rule and the revaluation schedule. */
  driftRule: 118,
  /** Enter, change or clear the loan an asset secures. */
  assetLoan: 119,
  /** Export the drift alerts. */
  driftAlertExport: 120,
  /** LoanOfTrendAnalyse: the asset book's value index over the runs. */
  loanTrend: 121,
  /** LoanOfStructureAnalyse: the book by city, district, type, class, LTV band and vintage. */
  loanStructure: 122,
  /** LoanOfHouseAnalyse: one asset's value history, LTV path and alerts. */
  loanHouse: 123,
  /** LoanOfBusinessScreen: the one-page dashboard for a credit committee. */
  loanScreen: 124,
  /** LoanApplyFor: loan applications whose collateral was valued in the platform (list, detail, export). */
  loanApply: 125,
  /** Add and edit loan applications, approve, reject or withdraw them. */
  loanApplyManage: 128,
  /** The API keys of the customer company (list). */
  apiKeys: 126,
  /** Add and revoke API keys. */
  apiKeyManage: 127,
} as const;
