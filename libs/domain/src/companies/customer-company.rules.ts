import { z } from 'zod';
import { isBlankFilter } from '../filters/list-filters';
import { filterTextSchema } from '../validation/eval-list.schemas';
import { recordIdSchema } from '../validation/fields';
import { EMAIL_PATTERN } from '../validation/identity.schemas';
import { pageQuerySchema } from '../validation/paging.schemas';

/** Customer companies (客户公司) of a channel: the root organisations of its customers (channel spec, screen 5). */
export const CustomerCompanyMsg = {
  nameRequired: '公司名称不能为空！',
  nameTooLong: '公司名称不能超过50个字！',
  nameChinese: '公司名称只能输入中文！',
  nameTaken: '该公司名称已存在！',
  categoryInvalid: '请选择正确的客户类别！',
  provinceInvalid: '请选择正确的省份！',
  cityInvalid: '请选择正确的城市！',
  provinceFirst: '请先选择省份！',
  addressTooLong: '公司地址不能超过100个字！',
  socialCodeInvalid: '统一社会信用代码格式不正确，应为15位或18位字母、数字！',
  contactTooLong: '联系人不能超过20个字！',
  phoneInvalid: '联系电话格式不正确，多个号码直接用“,”分割！',
  phoneTooLong: '联系电话不能超过100个字符！',
  emailInvalid: '邮箱格式不正确！',
  emailTooLong: '邮箱不能超过50个字符！',
  faxInvalid: '传真格式不正确，多个号码直接用“,”分割！',
  faxTooLong: '传真不能超过100个字符！',
  departmentChinese: '部门只能输入中文！',
  departmentTooLong: '部门不能超过50个字！',
  positionChinese: '职位只能输入中文！',
  positionTooLong: '职位不能超过50个字！',
  revalChargeInvalid: '请选择押品重估是否计费！',
  notFound: '客户公司不存在',
  noLicence: '该客户公司未上传营业执照副本',
  added: '新增成功',
  edited: '编辑成功',
  deleted: '删除成功',
  licenceDeleted: '营业执照副本已删除',
  filterTooLong: '查询条件过长',
} as const;

/** Why a company that still has accounts cannot be deleted. */
export const companyHasAccountsMessage = (accounts: number): string => `该客户公司下还有${accounts}个账号，请先删除这些账号后再删除！`;

export const CUSTOMER_COMPANY_LIMITS = {
  name: 50,
  address: 100,
  socialCode: 18,
  contact: 20,
  contactNumber: 100,
  email: 50,
  fax: 100,
  department: 50,
  position: 50,
} as const;

/** Page sizes of the list (channel spec, section 9: customer companies default to 20). */
export const CUSTOMER_COMPANY_PAGE_SIZES = [20, 50, 100, 200] as const;

/** Chinese characters only (name, department, position). */
export const CHINESE_TEXT_PATTERN = /^\p{Script=Han}+$/u;
/** Phone and fax numbers: digits, hyphens and commas. */
export const PHONE_LIST_PATTERN = /^[0-9,-]+$/;
/** The unified social credit code: 15 or 18 letters and digits (or none). */
export const SOCIAL_CODE_PATTERN = /^([A-Za-z0-9]{15}|[A-Za-z0-9]{18})$/;
const REGION_CODE_PATTERN = /^\d{6}$/;

/** Field labels of a company in the operation log, in the form's order. */
export const CUSTOMER_COMPANY_LOG_LABELS = {
  name: '公司名称',
  category: '客户类别',
  provinceName: '省份',
  cityName: '城市',
  address: '公司地址',
  socialCode: '统一社会信用代码',
  licenseFile: '营业执照副本',
  contact: '联系人',
  contactNumber: '联系电话',
  email: '邮箱',
  fax: '传真',
  department: '部门',
  position: '职位',
  revalCharge: '押品重估计费',
} as const;

/** 押品重估计费: whether the company's revaluation runs use one valuation count per asset. */
export const REVAL_CHARGE_LABELS = { off: '不计费', on: '按估价次数计费' } as const;
/** What a charged run uses, as the form explains it. */
export const REVAL_CHARGE_HINT = '每项重估扣 1 次估价次数';
export const revalChargeLabel = (charged: boolean): string => (charged ? REVAL_CHARGE_LABELS.on : REVAL_CHARGE_LABELS.off);

/** Form text, trimmed; a missing value is empty text. */
const trimmed = (message: string) =>
  z.preprocess((v) => (v === undefined || v === null ? '' : typeof v === 'string' ? v.trim() : v), z.string({ message }));

/** Optional text of at most `max` characters that, when given, matches `pattern`. */
const optionalText = (max: number, tooLong: string, pattern?: RegExp, invalid?: string) =>
  trimmed(invalid ?? tooLong).pipe(
    z
      .string()
      .max(max, tooLong)
      .refine((v) => !pattern || v === '' || pattern.test(v), invalid ?? tooLong),
  );

const optionalId = (message: string) =>
  z.preprocess((v) => (v === '' || v === null || v === '0' || v === 0 ? undefined : v), recordIdSchema(message).optional());

/** A yes or no of the form (true/false, 1/0); absent or empty is undefined. */
const optionalFlag = (message: string) =>
  z.preprocess((v) => {
    if (v === undefined || v === null || v === '') return undefined;
    if (v === true || v === 'true' || v === '1' || v === 1) return true;
    if (v === false || v === 'false' || v === '0' || v === 0) return false;
    return v;
  }, z.boolean({ message }).optional());

const regionCode = (message: string) => trimmed(message).pipe(z.string().refine((v) => v === '' || REGION_CODE_PATTERN.test(v), message));

const companyFields = {
  name: trimmed(CustomerCompanyMsg.nameRequired).pipe(
    z
      .string()
      .min(1, CustomerCompanyMsg.nameRequired)
      .max(CUSTOMER_COMPANY_LIMITS.name, CustomerCompanyMsg.nameTooLong)
      .refine((v) => v === '' || CHINESE_TEXT_PATTERN.test(v), CustomerCompanyMsg.nameChinese),
  ),
  categoryId: optionalId(CustomerCompanyMsg.categoryInvalid),
  provinceCode: regionCode(CustomerCompanyMsg.provinceInvalid),
  provinceName: optionalText(50, CustomerCompanyMsg.provinceInvalid),
  cityCode: regionCode(CustomerCompanyMsg.cityInvalid),
  cityName: optionalText(50, CustomerCompanyMsg.cityInvalid),
  address: optionalText(CUSTOMER_COMPANY_LIMITS.address, CustomerCompanyMsg.addressTooLong),
  socialCode: optionalText(
    CUSTOMER_COMPANY_LIMITS.socialCode,
    CustomerCompanyMsg.socialCodeInvalid,
    SOCIAL_CODE_PATTERN,
    CustomerCompanyMsg.socialCodeInvalid,
  ).transform((v) => v.toUpperCase()),
  contact: optionalText(CUSTOMER_COMPANY_LIMITS.contact, CustomerCompanyMsg.contactTooLong),
  /** The spec also names the contact `contactName`; `contact` wins when both come. */
  contactName: optionalText(CUSTOMER_COMPANY_LIMITS.contact, CustomerCompanyMsg.contactTooLong),
  contactNumber: optionalText(
    CUSTOMER_COMPANY_LIMITS.contactNumber,
    CustomerCompanyMsg.phoneTooLong,
    PHONE_LIST_PATTERN,
    CustomerCompanyMsg.phoneInvalid,
  ),
  email: optionalText(CUSTOMER_COMPANY_LIMITS.email, CustomerCompanyMsg.emailTooLong, EMAIL_PATTERN, CustomerCompanyMsg.emailInvalid),
  fax: optionalText(CUSTOMER_COMPANY_LIMITS.fax, CustomerCompanyMsg.faxTooLong, PHONE_LIST_PATTERN, CustomerCompanyMsg.faxInvalid),
  department: optionalText(
    CUSTOMER_COMPANY_LIMITS.department,
    CustomerCompanyMsg.departmentTooLong,
    CHINESE_TEXT_PATTERN,
    CustomerCompanyMsg.departmentChinese,
  ),
  position: optionalText(
    CUSTOMER_COMPANY_LIMITS.position,
    CustomerCompanyMsg.positionTooLong,
    CHINESE_TEXT_PATTERN,
    CustomerCompanyMsg.positionChinese,
  ),
  /** 押品重估计费; a new company is not charged without it, an edit without it keeps the company's setting. */
  revalCharge: optionalFlag(CustomerCompanyMsg.revalChargeInvalid),
};

/** A city needs its province. */
const provinceBeforeCity = (v: { provinceCode: string; cityCode: string }, ctx: z.RefinementCtx) => {
  if (v.cityCode && !v.provinceCode) ctx.addIssue({ code: 'custom', path: ['provinceCode'], message: CustomerCompanyMsg.provinceFirst });
};

/** One contact, whichever name it came under. */
const oneContact = <T extends { contact: string; contactName: string }>({ contactName, ...rest }: T): Omit<T, 'contactName'> => ({
  ...rest,
  contact: rest.contact || contactName,
});

/** POST api/tenant/customer-company/add (multipart; the licence image `licenseFile` is checked apart). */
export const customerCompanyAddSchema = z.object(companyFields).superRefine(provinceBeforeCity).transform(oneContact);
export type CustomerCompanyAdd = z.output<typeof customerCompanyAddSchema>;

/** POST api/tenant/customer-company/update: the same fields and the id. */
export const customerCompanyEditSchema = z
  .object({ id: recordIdSchema(CustomerCompanyMsg.notFound), ...companyFields })
  .superRefine(provinceBeforeCity)
  .transform(oneContact);
export type CustomerCompanyEdit = z.output<typeof customerCompanyEditSchema>;

/** POST api/tenant/customer-company/delete (form: id). */
export const customerCompanyDeleteSchema = z.object({ id: recordIdSchema(CustomerCompanyMsg.notFound) });

/** GET api/tenant/customer-company/images and POST .../images/delete: companyId. */
export const customerCompanyImageSchema = z.object({ companyId: recordIdSchema(CustomerCompanyMsg.notFound) });

const blankAsUndefined = (v: unknown) =>
  isBlankFilter(typeof v === 'string' ? v.trim() : (v as null | undefined | number)) ? undefined : v;

const filterCode = (message: string) =>
  z.preprocess(
    (v) => blankAsUndefined(typeof v === 'string' ? v.trim() : v),
    z.string({ message }).regex(REGION_CODE_PATTERN, message).optional(),
  );

/** GET api/tenant/customer-company/pageable: categoryId, provinceCode, cityCode, companyName, contact, paging (20/50/100/200). */
export const customerCompanyListQuerySchema = z.object({
  companyName: filterTextSchema(CUSTOMER_COMPANY_LIMITS.name),
  categoryId: z.preprocess(blankAsUndefined, recordIdSchema(CustomerCompanyMsg.categoryInvalid).optional()),
  provinceCode: filterCode(CustomerCompanyMsg.provinceInvalid),
  cityCode: filterCode(CustomerCompanyMsg.cityInvalid),
  contact: filterTextSchema(CUSTOMER_COMPANY_LIMITS.contact),
  ...pageQuerySchema(CUSTOMER_COMPANY_PAGE_SIZES, 20).shape,
});
export type CustomerCompanyListQuery = z.output<typeof customerCompanyListQuerySchema>;
