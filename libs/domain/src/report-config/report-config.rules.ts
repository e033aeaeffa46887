/**
 * Rules of the channel's report configuration (channel spec, screen 9 and section 5 "Report
 * config"): the web form and POST api/tenant/report-config/add|update check the same things with
 * the same messages.
 */
import { z } from 'zod';

/** 1 inquiry report (询价报告), 2 consulting report (咨询报告, "advisory" in the contracts). */
export type ReportConfigType = 1 | 2;

export const REPORT_CONFIG_TYPES = { inquiry: 1, consulting: 2 } as const;

export const REPORT_TYPE_LABELS: Readonly<Record<ReportConfigType, string>> = { 1: '询价报告', 2: '咨询报告' };

export const REPORT_NAME_MAX = 20;
export const REPORT_STATEMENT_MAX = 2000;
export const REPORT_SIGN_MAX = 50;

export const ReportConfigMsg = {
  nameRequired: '请输入报告名称',
  leaveUnsaved: '报告配置有未保存的修改，确定离开此页吗？',
  nameTooLong: `报告名称不能超过${REPORT_NAME_MAX}个字`,
  statementTooLong: `报告声明不能超过${REPORT_STATEMENT_MAX}个字`,
  signTooLong: `落款不能超过${REPORT_SIGN_MAX}个字`,
  reportTypeInvalid: '报告类型不正确',
  imageTypeInvalid: '图片类型不正确',
  imageFormat: '图片格式仅支持png、jpg、jpeg、gif',
  imagesConsultingOnly: '仅咨询报告可配置图片',
  idRequired: '请指定要修改的报告配置',
  notFound: '报告配置不存在',
  alreadyExists: '该报告配置已存在，请刷新后重试',
  typeMismatch: '报告类型与报告配置不一致',
  noImage: '未设置该图片',
  saved: '保存成功！',
  imageDeleted: '删除成功',
} as const;

/** Characters as the database counts them (code points), so an emoji counts once. */
export function textLength(value: string): number {
  return [...value].length;
}

/** The texts a report prints for one report type. */
export interface ReportConfigTexts {
  reportName: string;
  reportStatement: string;
  reportSign: string;
}

/** What a report prints while neither the tenant nor the customer company has configured it. */
export const REPORT_CONFIG_DEFAULTS: Readonly<Record<ReportConfigType, ReportConfigTexts>> = {
  1: {
    reportName: '询价报告',
    reportStatement: [
      '1. 本询价报告依据委托方提供的房产信息及估价时点的公开市场数据，由自动估价系统测算得出，仅供委托方参考。',
      '2. 本报告未经实地查勘，未考虑查封、抵押、租约等权利限制及特殊交易情况对价格的影响。',
      '3. 本报告不作为司法鉴定、抵押贷款等正式用途的估价依据；如需正式估价，请委托具备资质的房地产估价机构。',
      '4. 未经本公司书面同意，本报告的全部或部分内容不得提供给第三方或公开发表。',
    ].join('\n'),
    reportSign: '',
  },
  2: {
    reportName: '咨询报告',
    reportStatement: [
      '1. 本咨询报告依据委托方提供的资料及估价时点的市场数据，采用自动估价模型测算得出，仅供委托方在约定用途范围内参考。',
      '2. 报告所载价格为估价时点的市场价值，未考虑查封、抵押、租约等权利限制及特殊交易情况对价格的影响。',
      '3. 估价人员与委托方及估价对象均无利害关系，以客观、公正的立场出具本报告。',
      '4. 本报告须加盖报告专用章并经估价师签字后方为有效，复印件无效。',
      '5. 未经本公司书面同意，本报告的全部或部分内容不得提供给第三方或公开发表。',
    ].join('\n'),
    reportSign: '',
  },
};

const isReportType = (n: number): n is ReportConfigType => n === 1 || n === 2;

/** reportType as a query or form field: 1 or 2. */
export const reportTypeField = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce
    .number({ message: ReportConfigMsg.reportTypeInvalid })
    .refine(isReportType, ReportConfigMsg.reportTypeInvalid)
    .transform((n) => n as ReportConfigType),
);

/** Form values arrive as strings, missing ones as undefined; line ends become \n as the textarea shows them. */
const text = (v: unknown) => (typeof v === 'string' ? v.replace(/\r\n?/g, '\n').trim() : v === undefined || v === null ? '' : v);

const maxChars = (max: number, message: string) => z.string({ message }).refine((s) => textLength(s) <= max, message);

/** The texts of the form, in the order the form checks them. */
export const reportConfigTextSchema = z.object({
  reportType: reportTypeField,
  reportName: z.preprocess(
    text,
    z
      .string({ message: ReportConfigMsg.nameRequired })
      .min(1, ReportConfigMsg.nameRequired)
      .refine((s) => textLength(s) <= REPORT_NAME_MAX, ReportConfigMsg.nameTooLong),
  ),
  reportStatement: z.preprocess(text, maxChars(REPORT_STATEMENT_MAX, ReportConfigMsg.statementTooLong)),
  /** Only the consulting report prints it; the inquiry report keeps it empty. */
  reportSign: z.preprocess(text, maxChars(REPORT_SIGN_MAX, ReportConfigMsg.signTooLong)),
});
export type ReportConfigTextInput = z.output<typeof reportConfigTextSchema>;

const configId = (message: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number({ message }).int(message).positive(message));

/** POST api/tenant/report-config/add: the texts (files travel beside them). */
export const reportConfigAddSchema = reportConfigTextSchema;

/** POST api/tenant/report-config/update: the texts and the id of the configuration. */
export const reportConfigUpdateSchema = reportConfigTextSchema.extend({ id: configId(ReportConfigMsg.idRequired) });
export type ReportConfigUpdateInput = z.output<typeof reportConfigUpdateSchema>;

/** GET api/tenant/report-config/get. */
export const reportConfigQuerySchema = z.object({ reportType: reportTypeField });
