/**
 * Organisation management (staff spec 2.8, 4 and 5 "Organisation"): the tree of a customer company
 * and the information form of one organisation. The web form and POST api/auth/org/* check the
 * same things with the same messages.
 */
import { z } from 'zod';
import { recordIdSchema } from '../validation/fields';
import { EMAIL_PATTERN } from '../validation/identity.schemas';
import { detectImageFormat, IMAGE_SIGNATURE_BYTES } from '../report-config/report-image.rules';

export const ORG_LIMITS = {
  name: 50,
  contact: 20,
  contactNumber: 100,
  email: 50,
  fax: 100,
  address: 100,
  socialCode: 50,
  /** The business licence image: 10M, the spec's 10485760 bytes. */
  licenseBytes: 10 * 1024 * 1024,
} as const;

/** The business types an organisation can take part in, stored as a comma list. */
export const ORG_BUSINESS_TYPES = ['按揭贷款', '其他贷款'] as const;
export type OrgBusinessType = (typeof ORG_BUSINESS_TYPES)[number];

/** The name a new organisation gets until it is renamed. */
export const NEW_ORG_NAME = '新建机构';

export const OrganizationMsg = {
  nameRequired: '机构名称不能为空!',
  nameTooLong: `机构名称不能超过${ORG_LIMITS.name}个字`,
  contactInvalid: '联系人姓名只能包含中文、英文、数字!',
  contactTooLong: `联系人姓名不能超过${ORG_LIMITS.contact}个字`,
  emailInvalid: '邮箱格式不正确!',
  addressTooLong: `地址不能超过${ORG_LIMITS.address}个字`,
  socialCodeTooLong: `统一社会信用代码不能超过${ORG_LIMITS.socialCode}个字`,
  contactNumberTooLong: `联系电话不能超过${ORG_LIMITS.contactNumber}个字`,
  faxTooLong: `传真不能超过${ORG_LIMITS.fax}个字`,
  regionInvalid: '省市信息不正确',
  businessTypeInvalid: '业务类型不正确',
  licenseFormat: '请上传正确的图片格式!',
  licenseTooLarge: '营业执照副本不可大于10M',
  orgRequired: '请选择机构',
  parentRequired: '请选择上级机构',
  statusInvalid: '删除机构时 status 须为 3',
  notFound: '机构不存在',
  noLicense: '未上传营业执照',
  moveIntoOwnSubtree: '不能移动到自身或其下级机构下',
  moveRoot: '客户公司不能移动',
  parentViaMove: '修改上级机构请拖动机构树中的机构',
  deleteRoot: '客户公司不能删除',
  deleteWithChildren: (n: number) => `该机构下还有${n}个下级机构，请先删除下级机构`,
  deleteWithAccounts: (n: number) => `该机构下还有${n}个有效账号，请先停用或转移这些账号`,
  topLevelOnly: '只有顶级机构可填写统一社会信用代码和上传营业执照',
  saved: '保存成功!',
  saveFailed: '保存失败!',
  added: '新增成功',
  renamed: '重命名成功',
  moved: '移动成功',
  deleted: '删除成功',
  deleteConfirm: (name: string) => `确定要删除机构「${name}」吗？`,
} as const;

/** Characters as the database counts them (code points). */
const length = (v: string) => [...v].length;

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v === undefined || v === null ? '' : v);

/** An optional text field: trimmed, empty allowed, at most `max` characters. */
const optionalText = (max: number, tooLong: string) =>
  z.preprocess(
    trimmed,
    z.string({ message: tooLong }).refine((v) => length(v) <= max, tooLong),
  );

const orgName = z.preprocess(
  trimmed,
  z
    .string({ message: OrganizationMsg.nameRequired })
    .min(1, OrganizationMsg.nameRequired)
    .refine((v) => length(v) <= ORG_LIMITS.name, OrganizationMsg.nameTooLong),
);

const orgId = (message: string) => z.preprocess((v) => (v === '' || v === null ? undefined : v), recordIdSchema(message));

/** Chinese characters, letters and digits only. */
export const ORG_CONTACT_PATTERN = /^[\u4e00-\u9fa5A-Za-z0-9]*$/;

const contact = z.preprocess(
  trimmed,
  z
    .string({ message: OrganizationMsg.contactInvalid })
    .regex(ORG_CONTACT_PATTERN, OrganizationMsg.contactInvalid)
    .refine((v) => length(v) <= ORG_LIMITS.contact, OrganizationMsg.contactTooLong),
);

const email = z.preprocess(
  trimmed,
  z
    .string({ message: OrganizationMsg.emailInvalid })
    .refine((v) => v === '' || (length(v) <= ORG_LIMITS.email && EMAIL_PATTERN.test(v)), OrganizationMsg.emailInvalid),
);

/** The business types as a list, from a comma list or repeated fields; duplicates dropped, in the offered order. */
const businessTypes = z.preprocess(
  (v) => {
    const parts = (Array.isArray(v) ? v : [v]).flatMap((p) =>
      typeof p === 'string' ? p.split(',') : p === undefined || p === null ? [] : [p],
    );
    return parts.map((p) => (typeof p === 'string' ? p.trim() : p)).filter((p) => p !== '');
  },
  z
    .array(z.string({ message: OrganizationMsg.businessTypeInvalid }))
    .refine((list) => list.every((t) => (ORG_BUSINESS_TYPES as readonly string[]).includes(t)), OrganizationMsg.businessTypeInvalid)
    .transform((list) => ORG_BUSINESS_TYPES.filter((t) => list.includes(t))),
);

/** A region code: digits, at most 12. */
const regionCode = z.preprocess(
  trimmed,
  z.string({ message: OrganizationMsg.regionInvalid }).regex(/^\d{0,12}$/, OrganizationMsg.regionInvalid),
);
const regionName = optionalText(50, OrganizationMsg.regionInvalid);

/** GET api/auth/org/findInfoById and api/auth/org/images. */
export const orgIdQuerySchema = z.object({ orgId: orgId(OrganizationMsg.orgRequired) });
export type OrgIdQuery = z.output<typeof orgIdQuerySchema>;

/** POST api/auth/org/add: a child of parentId, named 新建机构 unless a name is given. */
export const orgAddSchema = z.object({
  name: z.preprocess((v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? NEW_ORG_NAME : v), orgName),
  parentId: orgId(OrganizationMsg.parentRequired),
});
export type OrgAdd = z.output<typeof orgAddSchema>;

/** POST api/auth/org/changePid: moves orgId under parentId. */
export const orgMoveSchema = z.object({
  orgId: orgId(OrganizationMsg.orgRequired),
  parentId: orgId(OrganizationMsg.parentRequired),
});
export type OrgMove = z.output<typeof orgMoveSchema>;

/** POST api/auth/org/delete: orgId with status 3 (deleted). */
export const orgDeleteSchema = z.object({
  orgId: orgId(OrganizationMsg.orgRequired),
  status: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 3 : v),
    z.coerce.number({ message: OrganizationMsg.statusInvalid }).refine((n) => n === 3, OrganizationMsg.statusInvalid),
  ),
});
export type OrgDelete = z.output<typeof orgDeleteSchema>;

/** The fields of the information form, each optional: a field not sent keeps its value. */
const infoFields = {
  provinceCode: regionCode.optional(),
  provinceName: regionName.optional(),
  cityCode: regionCode.optional(),
  cityName: regionName.optional(),
  address: optionalText(ORG_LIMITS.address, OrganizationMsg.addressTooLong).optional(),
  socialCode: optionalText(ORG_LIMITS.socialCode, OrganizationMsg.socialCodeTooLong).optional(),
  contact: contact.optional(),
  contactNumber: optionalText(ORG_LIMITS.contactNumber, OrganizationMsg.contactNumberTooLong).optional(),
  email: email.optional(),
  fax: optionalText(ORG_LIMITS.fax, OrganizationMsg.faxTooLong).optional(),
  bussinessType: businessTypes.optional(),
};

/**
 * POST api/auth/org/edit: id and name (a rename sends only these, with the current parentId), and
 * the fields of the information form; a field not sent keeps its value. The parent is changed by
 * changePid only.
 */
export const orgEditSchema = z.object({
  id: orgId(OrganizationMsg.orgRequired),
  parentId: z.preprocess(
    (v) => (v === '' || v === null || v === 'null' ? undefined : v),
    recordIdSchema(OrganizationMsg.parentRequired).optional(),
  ),
  name: orgName,
  ...infoFields,
});
export type OrgEdit = z.output<typeof orgEditSchema>;

/** The rename dialog: the name only (the request also carries the current parentId). */
export const orgRenameSchema = orgEditSchema.pick({ id: true, name: true });
export type OrgRename = z.output<typeof orgRenameSchema>;

/** The information form's values, as the web form holds them. */
export interface OrgInfoFormValues {
  [key: string]: unknown;
  id: number;
  name: string;
  provinceCode: string;
  provinceName: string;
  cityCode: string;
  cityName: string;
  address: string;
  socialCode: string;
  contact: string;
  contactNumber: string;
  email: string;
  fax: string;
  bussinessType: string[];
}

/** Labels of the fields in the operation log and on the form. */
export const ORG_FIELD_LABELS: Readonly<Record<string, string>> = {
  name: '机构名称',
  parentId: '上级机构',
  parentName: '上级机构名称',
  provinceName: '省份',
  cityName: '城市',
  address: '地址',
  socialCode: '统一社会信用代码',
  licenseFile: '营业执照副本',
  contact: '联系人',
  contactNumber: '联系电话',
  email: '邮箱',
  fax: '传真',
  bussinessType: '业务类型',
};

/** The contact field's label: 负责人 on a sub-organisation, 联系人 on a customer company. */
export const orgContactLabel = (topLevel: boolean) => (topLevel ? '联系人' : '负责人');

export const ORG_LICENSE_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const;
export const ORG_LICENSE_ACCEPT = 'image/png,image/jpeg,.png,.jpg,.jpeg';
export const ORG_LICENSE_HEAD_BYTES = IMAGE_SIGNATURE_BYTES;

export type OrgLicenseCheck = { ok: true; format: 'png' | 'jpeg'; contentType: string } | { ok: false; message: string };

/** A picked licence image: png, jpg or jpeg by name and by content (its leading bytes), at most 10M. */
export function checkOrgLicense(file: { name: string; size: number; head: Uint8Array }): OrgLicenseCheck {
  const ext = /\.([A-Za-z]+)$/.exec(file.name.trim())?.[1]?.toLowerCase();
  const format = ext && (ORG_LICENSE_EXTENSIONS as readonly string[]).includes(ext) ? detectImageFormat(file.head) : null;
  if (format !== 'png' && format !== 'jpeg') return { ok: false, message: OrganizationMsg.licenseFormat };
  if (file.size > ORG_LIMITS.licenseBytes) return { ok: false, message: OrganizationMsg.licenseTooLarge };
  return { ok: true, format, contentType: format === 'png' ? 'image/png' : 'image/jpeg' };
}

/** An organisation as the tree is built from: its id, parent and name. */
export interface OrgTreeRow {
  id: number;
  parentId: number | null;
  name: string;
}

export interface OrgTreeNode extends OrgTreeRow {
  children: OrgTreeNode[];
}

/**
 * The forest of the rows given: a row whose parent is among them goes under it, the others are
 * roots (the top of what the caller may see). Children keep the order of the rows.
 */
export function buildOrgTree(rows: readonly OrgTreeRow[]): OrgTreeNode[] {
  const nodes = new Map<number, OrgTreeNode>(rows.map((r) => [r.id, { id: r.id, parentId: r.parentId, name: r.name, children: [] }]));
  const roots: OrgTreeNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parentId === null ? undefined : nodes.get(r.parentId);
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Ids of a materialised path ("/3/7/" gives 3 and 7), from the root down. */
export function pathIds(path: string): number[] {
  return path
    .split('/')
    .filter((s) => s !== '')
    .map(Number);
}

/** Whether an organisation with path `candidate` is the one with path `path` or lies below it. */
export const isWithinPath = (candidate: string, path: string): boolean => candidate.startsWith(path);

/**
 * Why an organisation cannot move under a new parent, or null when it can: the root (a customer
 * company) never moves, and nothing moves under itself or one of its own descendants.
 */
export function moveRefusal(org: { parentId: number | null; path: string }, newParent: { path: string }): string | null {
  if (org.parentId === null) return OrganizationMsg.moveRoot;
  if (isWithinPath(newParent.path, org.path)) return OrganizationMsg.moveIntoOwnSubtree;
  return null;
}

/** The path of a node of a moved subtree: the old prefix replaced by the new one. */
export function movedPath(path: string, oldPrefix: string, newPrefix: string): string {
  return isWithinPath(path, oldPrefix) ? newPrefix + path.slice(oldPrefix.length) : path;
}
