import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import type { OrgInfo, OrgNodeView, OrgTreeNodeView } from '@valuation/contracts';
import {
  buildOrgTree,
  checkOrgLicense,
  DATA_RANGE_PERMISSIONS,
  moveRefusal,
  ORG_FIELD_LABELS,
  OrganizationMsg,
  Perm,
  type OrgAdd,
  type OrgEdit,
  type OrgMove,
  type RecordSnapshot,
} from '@valuation/domain';
import {
  OrganizationRepository,
  UnitOfWork,
  type DataScope,
  type OrganizationEntity,
  type OrganizationInfoColumns,
  type Transaction,
} from '@valuation/persistence';
import { ObjectStorage } from '@valuation/storage';
import { ApiError, Reply } from '../../common/api-error';
import { dataScope, organisationChoiceScope } from '../../common/data-scope';
import type { Principal } from '../../common/principal';
import { AdminLog } from '../auth/admin-log.service';

/** What multer leaves on the request for one uploaded file. */
export interface UploadedLicenseFile {
  fieldname: string;
  originalname: string;
  buffer: Buffer;
  size: number;
}

/** The multipart field of the licence image. */
export const LICENSE_FIELD = 'licenseFile';

const TARGET = 'organization';

/** The fields of the information form besides the name; sent, they make an edit more than a rename. */
const INFO_KEYS = [
  'provinceCode',
  'provinceName',
  'cityCode',
  'cityName',
  'address',
  'socialCode',
  'contact',
  'contactNumber',
  'email',
  'fax',
  'bussinessType',
] as const;

const text = (v: string | null | undefined) => v ?? '';
const orNull = (v: string) => (v === '' ? null : v);

/** The stored licence's file name: the last part of its object key. */
export const licenseFileName = (key: string | null): string | null => (key ? key.slice(key.lastIndexOf('/') + 1) : null);

/**
 * The organisations a caller manages: with "own and subordinate organisations" (45) its
 * organisation and everything below it; otherwise (44, or neither) its own organisation only.
 */
export function organisationScope(p: Principal): DataScope {
  const scope = dataScope(p, DATA_RANGE_PERMISSIONS.organisations);
  return scope.range === 'subtree' ? scope : { ...scope, range: 'organization' };
}

/**
 * The organisations the tree (findMOrgs) shows: organisation management's range, or, for a caller
 * who manages accounts (11) but not organisations (10), the account page's range (51 its
 * organisation and those below, otherwise its own organisation).
 */
function treeScope(p: Principal): DataScope {
  return p.permissions.has(Perm.organisation) ? organisationScope(p) : organisationChoiceScope(p, DATA_RANGE_PERMISSIONS.accounts);
}

function infoSnapshot(org: OrganizationEntity): RecordSnapshot {
  return {
    name: org.name,
    provinceName: org.provinceName,
    cityName: org.cityName,
    address: org.address,
    socialCode: org.socialCode,
    licenseFile: licenseFileName(org.licenseKey),
    contact: org.contact,
    contactNumber: org.contactNumber,
    email: org.email,
    fax: org.fax,
    bussinessType: org.businessType,
  };
}

const nodeOf = (org: Pick<OrganizationEntity, 'id' | 'parentId' | 'name'>): OrgNodeView => ({
  id: org.id,
  parentId: org.parentId,
  name: org.name,
});

/**
 * The organisation tree of the caller's customer company within its data range, and the changes
 * to it. Every change targets an organisation of the range (else 404) and writes one
 * operation-log row in its transaction; changes of the tree's shape lock the company's root row
 * first, so they happen one after the other.
 */
@Injectable()
export class OrganizationService {
  private readonly logger = new Logger(OrganizationService.name);

  constructor(
    private readonly uow: UnitOfWork,
    private readonly organizations: OrganizationRepository,
    private readonly storage: ObjectStorage,
    private readonly log: AdminLog,
  ) {}

  async tree(p: Principal): Promise<OrgTreeNodeView[]> {
    if (p.organizationId === null) return [];
    return buildOrgTree(await this.organizations.treeRows(treeScope(p)));
  }

  async info(p: Principal, orgId: number): Promise<OrgInfo> {
    const org = await this.inRange(p, orgId);
    const parent = org.parentId === null ? null : await this.organizations.findInTenant(org.parentId, p.tenantId);
    return {
      id: org.id,
      parentId: org.parentId,
      parentName: parent?.name ?? '',
      topLevel: org.parentId === null,
      name: org.name,
      provinceCode: text(org.provinceCode),
      provinceName: text(org.provinceName),
      cityCode: text(org.cityCode),
      cityName: text(org.cityName),
      address: text(org.address),
      socialCode: text(org.socialCode),
      licenseFile: licenseFileName(org.licenseKey),
      contact: text(org.contact),
      contactNumber: text(org.contactNumber),
      email: text(org.email),
      fax: text(org.fax),
      bussinessType: text(org.businessType),
    };
  }

  /** Object key of the organisation's licence image, or null when none was uploaded. */
  async licenseKey(p: Principal, orgId: number): Promise<string | null> {
    return (await this.inRange(p, orgId)).licenseKey;
  }

  async add(p: Principal, input: OrgAdd, ip: string | undefined): Promise<Reply<OrgNodeView>> {
    const row = await this.structural(p, async (m, scope) => {
      const parent = await this.inRange(p, input.parentId, m, scope);
      const child = await this.organizations.addChild(m, parent, input.name);
      await this.log.write(m, p, ip, {
        action: '新增机构',
        target: { type: TARGET, id: child.id, name: child.name },
        after: { name: child.name, parentId: parent.id, parentName: parent.name },
        labels: ORG_FIELD_LABELS,
      });
      return child;
    });
    return new Reply(nodeOf(row), OrganizationMsg.added);
  }

  async move(p: Principal, input: OrgMove, ip: string | undefined): Promise<Reply<OrgNodeView>> {
    const moved = await this.structural(p, async (m, scope) => {
      const org = await this.inRange(p, input.orgId, m, scope, true);
      const parent = await this.inRange(p, input.parentId, m, scope);
      const refusal = moveRefusal(org, parent);
      if (refusal) throw ApiError.badRequest(refusal);
      if (org.parentId === parent.id) return org;
      const oldParent = await this.organizations.findInTenant(org.parentId!, p.tenantId, m);
      await this.organizations.moveSubtree(m, org, parent);
      await this.log.write(m, p, ip, {
        action: '移动机构',
        target: { type: TARGET, id: org.id, name: org.name },
        before: { parentId: org.parentId, parentName: oldParent?.name ?? null },
        after: { parentId: parent.id, parentName: parent.name },
        labels: ORG_FIELD_LABELS,
      });
      return { ...org, parentId: parent.id };
    });
    return new Reply(nodeOf(moved), OrganizationMsg.moved);
  }

  async remove(p: Principal, orgId: number, ip: string | undefined): Promise<Reply<null>> {
    await this.structural(p, async (m, scope) => {
      const org = await this.inRange(p, orgId, m, scope, true);
      if (org.parentId === null) throw ApiError.badRequest(OrganizationMsg.deleteRoot);
      const children = await this.organizations.activeChildCount(m, org.id, p.tenantId);
      if (children > 0) throw ApiError.badRequest(OrganizationMsg.deleteWithChildren(children));
      const accounts = await this.organizations.activeAccountCount(m, org);
      if (accounts > 0) throw ApiError.badRequest(OrganizationMsg.deleteWithAccounts(accounts));
      await this.organizations.markDeleted(m, org.id, p.tenantId);
      await this.log.write(m, p, ip, {
        action: '删除机构',
        target: { type: TARGET, id: org.id, name: org.name },
        before: { ...infoSnapshot(org), parentId: org.parentId },
        after: null,
        labels: ORG_FIELD_LABELS,
      });
    });
    return new Reply(null, OrganizationMsg.deleted);
  }

  /**
   * A rename (id, name and the current parentId) or the information form (its fields and an
   * optional licence image). Fields not sent keep their values; the parent changes only by a move.
   * The licence is checked by content before anything is written, stored under a new key, and the
   * replaced image removed once the change is committed.
   */
  async edit(p: Principal, input: OrgEdit, files: readonly UploadedLicenseFile[], ip: string | undefined): Promise<Reply<OrgNodeView>> {
    const license = this.checkLicense(files);
    const current = await this.inRange(p, input.id);
    if (input.parentId !== undefined && input.parentId !== current.parentId) throw ApiError.badRequest(OrganizationMsg.parentViaMove);
    const topLevel = current.parentId === null;
    if (!topLevel && (license || (input.socialCode ?? '') !== '')) throw ApiError.badRequest(OrganizationMsg.topLevelOnly);

    const key = license
      ? `organization/${p.tenantId}/${current.id}/license-${randomUUID()}.${license.format === 'png' ? 'png' : 'jpg'}`
      : null;
    if (license && key) await this.storage.put(key, license.buffer, license.buffer.length, license.contentType);
    const isInfo = license !== null || INFO_KEYS.some((k) => input[k] !== undefined);
    let result: { row: OrganizationEntity; replaced: string | null };
    try {
      result = await this.uow.run(async (m) => {
        const org = await this.inRange(p, input.id, m, organisationScope(p), true);
        const columns = this.infoColumns(input, topLevel);
        if (key) columns.licenseKey = key;
        await this.organizations.updateInfo(m, org.id, p.tenantId, columns);
        const after: OrganizationEntity = { ...org, ...columns };
        await this.log.write(m, p, ip, {
          action: isInfo ? '编辑机构' : '重命名机构',
          target: { type: TARGET, id: org.id, name: after.name },
          before: isInfo ? infoSnapshot(org) : { name: org.name },
          after: isInfo ? infoSnapshot(after) : { name: after.name },
          labels: ORG_FIELD_LABELS,
        });
        return { row: after, replaced: key ? org.licenseKey : null };
      });
    } catch (error) {
      if (key) await this.removeObject(key);
      throw error;
    }
    if (result.replaced) await this.removeObject(result.replaced);
    return new Reply(nodeOf(result.row), isInfo ? OrganizationMsg.saved : OrganizationMsg.renamed);
  }

  private infoColumns(input: OrgEdit, topLevel: boolean): OrganizationInfoColumns {
    const columns: OrganizationInfoColumns = { name: input.name };
    const set = <K extends keyof OrganizationInfoColumns>(key: K, value: string | undefined) => {
      if (value !== undefined) columns[key] = orNull(value) as OrganizationInfoColumns[K];
    };
    set('provinceCode', input.provinceCode);
    set('provinceName', input.provinceName);
    set('cityCode', input.cityCode);
    set('cityName', input.cityName);
    set('address', input.address);
    if (topLevel) set('socialCode', input.socialCode);
    set('contact', input.contact);
    set('contactNumber', input.contactNumber);
    set('email', input.email);
    set('fax', input.fax);
    if (input.bussinessType !== undefined) columns.businessType = orNull(input.bussinessType.join(','));
    return columns;
  }

  /** The licence image of the request, checked by name, content and size; null when none came. */
  private checkLicense(files: readonly UploadedLicenseFile[]) {
    const file = files.find((f) => f.fieldname === LICENSE_FIELD);
    if (!file) return null;
    const check = checkOrgLicense({ name: file.originalname ?? '', size: file.size, head: file.buffer });
    if (!check.ok) throw ApiError.badRequest(check.message, { field: LICENSE_FIELD });
    return { buffer: file.buffer, format: check.format, contentType: check.contentType };
  }

  /** Runs a change of the tree's shape with the company's root row locked. */
  private async structural<T>(p: Principal, work: (m: Transaction, scope: DataScope) => Promise<T>): Promise<T> {
    const scope = organisationScope(p);
    if (p.companyId === null) throw ApiError.notFound(OrganizationMsg.notFound);
    return this.uow.run(async (m) => {
      await this.organizations.lockCompanyTree(m, p.tenantId, p.companyId!);
      return work(m, scope);
    });
  }

  /** An active organisation of the caller's range, or 404. */
  private async inRange(
    p: Principal,
    id: number,
    m?: Transaction,
    scope: DataScope = organisationScope(p),
    lock = false,
  ): Promise<OrganizationEntity> {
    if (p.organizationId === null) throw ApiError.notFound(OrganizationMsg.notFound);
    const org = await this.organizations.findInRange(scope, id, m, lock);
    if (!org) throw ApiError.notFound(OrganizationMsg.notFound);
    return org;
  }

  /** Removing is tidying up: an object left behind is logged, the request still succeeds. */
  private async removeObject(key: string): Promise<void> {
    await this.storage
      .remove(key)
      .catch((err: unknown) => this.logger.warn({ err, key }, 'Could not remove an organisation licence image'));
  }
}
