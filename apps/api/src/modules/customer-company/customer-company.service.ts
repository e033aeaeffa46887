import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { pagedList, type CustomerCompanyOption, type CustomerCompanyView, type Paged } from '@valuation/contracts';
import {
  checkLicenceImage,
  companyHasAccountsMessage,
  CUSTOMER_COMPANY_LOG_LABELS,
  CustomerCompanyMsg,
  DEFAULT_BUSINESS_NAMES,
  formatDateTime,
  licenceFileName,
  revalChargeLabel,
  type CustomerCompanyAdd,
  type CustomerCompanyEdit,
  type CustomerCompanyListQuery,
  type RecordSnapshot,
} from '@valuation/domain';
import {
  BusinessRepository,
  CustomerCompanyRepository,
  OrganizationRepository,
  UnitOfWork,
  type CustomerCompanyColumns,
  type OrganizationEntity,
  type Transaction,
} from '@valuation/persistence';
import { ObjectStorage } from '@valuation/storage';
import { ApiError, Reply } from '../../common/api-error';
import type { Principal } from '../../common/principal';
import { AdminLog } from '../auth/admin-log.service';
import { uploadedFileName } from '../batch/batch-file.reader';

/** What multer leaves on the request for one uploaded file. */
export interface UploadedLicence {
  fieldname: string;
  originalname: string;
  buffer: Buffer;
  size: number;
}

/** The multipart field of the licence image. */
export const LICENSE_FIELD = 'licenseFile';

/** A licence image checked by content and size, ready to store. */
interface CheckedLicence {
  buffer: Buffer;
  contentType: string;
  fileName: string;
}

/** The object key of a licence: a new one per upload, ending with the file name people know it by. */
export function licenceKey(tenantId: number, fileName: string): string {
  return `customer-company/${tenantId}/${randomUUID()}/${fileName}`;
}

/** The file name of a stored licence (the last part of its key); empty text without one. */
export const licenceNameOf = (key: string | null): string => (key ? (key.split('/').pop() ?? '') : '');

const text = (v: string | null): string => v ?? '';

export function toCustomerCompanyView(o: OrganizationEntity, categoryName: string, accountCount: number): CustomerCompanyView {
  return {
    id: o.id,
    name: o.name,
    categoryId: o.categoryId,
    categoryName,
    provinceCode: text(o.provinceCode),
    provinceName: text(o.provinceName),
    cityCode: text(o.cityCode),
    cityName: text(o.cityName),
    address: text(o.address),
    socialCode: text(o.socialCode),
    contact: text(o.contact),
    contactName: text(o.contact),
    contactNumber: text(o.contactNumber),
    email: text(o.email),
    fax: text(o.fax),
    department: text(o.department),
    position: text(o.position),
    hasLicense: o.licenseKey !== null,
    licenseName: licenceNameOf(o.licenseKey),
    revalCharge: o.revalCharge,
    accountCount,
    createTime: formatDateTime(o.createdAt),
  };
}

/** The fields of a company an administrator edits, as the operation log keeps them (the licence by its file name). */
const snapshot = (o: OrganizationEntity, categoryName: string): RecordSnapshot => ({
  name: o.name,
  category: categoryName,
  provinceName: o.provinceName,
  cityName: o.cityName,
  address: o.address,
  socialCode: o.socialCode,
  licenseFile: licenceNameOf(o.licenseKey),
  contact: o.contact,
  contactNumber: o.contactNumber,
  email: o.email,
  fax: o.fax,
  department: o.department,
  position: o.position,
  revalCharge: revalChargeLabel(o.revalCharge),
});

const target = (o: OrganizationEntity) => ({ type: 'customer_company', id: o.id, name: o.name });

const orNull = (v: string): string | null => (v === '' ? null : v);

/**
 * The channel's customer companies: root organisations of the caller's tenant. A request is
 * checked completely (fields, category, regions, licence by content and size) before anything is
 * written; a new licence is stored under a new key before the transaction, removed again if the
 * transaction fails, and the replaced one is removed after it commits. Every change writes its
 * operation-log row in its transaction.
 */
@Injectable()
export class CustomerCompanyService {
  private readonly logger = new Logger(CustomerCompanyService.name);

  constructor(
    private readonly uow: UnitOfWork,
    private readonly organizations: OrganizationRepository,
    private readonly companies: CustomerCompanyRepository,
    private readonly business: BusinessRepository,
    private readonly storage: ObjectStorage,
    private readonly log: AdminLog,
  ) {}

  async options(p: Principal): Promise<CustomerCompanyOption[]> {
    const rows = await this.organizations.activeCompanies(p.tenantId);
    return rows.map((r) => ({ id: r.id, name: r.name }));
  }

  async withoutAccounts(p: Principal): Promise<CustomerCompanyOption[]> {
    return (await this.companies.withoutAccounts(p.tenantId)).map((r) => ({ id: r.id, name: r.name }));
  }

  async page(p: Principal, q: CustomerCompanyListQuery): Promise<Paged<CustomerCompanyView>> {
    const { pageIndex, pageSize, ...filter } = q;
    const { rows, total } = await this.companies.page(p.tenantId, filter, { pageIndex, pageSize });
    return pagedList(
      rows.map((r) => toCustomerCompanyView(r.company, r.categoryName, r.accountCount)),
      total,
      pageIndex,
      pageSize,
    );
  }

  async add(
    p: Principal,
    input: CustomerCompanyAdd,
    files: readonly UploadedLicence[],
    ip: string | undefined,
  ): Promise<Reply<CustomerCompanyView>> {
    const licence = checkLicence(files);
    const columns = await this.columns(input);
    const key = licence ? await this.store(p.tenantId, licence) : null;
    try {
      const row = await this.uow.run(async (m) => {
        await this.checkNameAndCategory(m, p.tenantId, columns);
        const saved = await this.companies.insertRoot(m, {
          ...columns,
          tenantId: p.tenantId,
          businessType: DEFAULT_BUSINESS_NAMES.join(','),
          licenseKey: key,
        });
        for (const businessName of DEFAULT_BUSINESS_NAMES)
          await this.business.insert(m, {
            tenantId: p.tenantId,
            companyId: saved.id,
            businessName,
            businessRemark: '',
            createBy: null,
            createName: '系统',
            updateBy: null,
            updateName: '系统',
          });
        const categoryName = await this.companies.categoryName(p.tenantId, saved.categoryId, m);
        await this.log.write(m, p, ip, {
          action: '新增客户公司',
          target: target(saved),
          after: snapshot(saved, categoryName),
          labels: CUSTOMER_COMPANY_LOG_LABELS,
        });
        return toCustomerCompanyView(saved, categoryName, 0);
      });
      return new Reply(row, CustomerCompanyMsg.added);
    } catch (error) {
      if (key) await this.removeObjects([key]);
      throw error;
    }
  }

  async update(
    p: Principal,
    input: CustomerCompanyEdit,
    files: readonly UploadedLicence[],
    ip: string | undefined,
  ): Promise<Reply<CustomerCompanyView>> {
    const licence = checkLicence(files);
    const columns = await this.columns(input);
    if (!(await this.companies.findActive(input.id, p.tenantId))) throw ApiError.notFound(CustomerCompanyMsg.notFound);
    const key = licence ? await this.store(p.tenantId, licence) : null;
    let result: { view: CustomerCompanyView; replaced: string | null };
    try {
      result = await this.uow.run(async (m) => {
        const found = await this.companies.findActive(input.id, p.tenantId, m, true);
        if (!found) throw ApiError.notFound(CustomerCompanyMsg.notFound);
        await this.checkNameAndCategory(m, p.tenantId, columns, found.id);
        const before = snapshot(found, await this.companies.categoryName(p.tenantId, found.categoryId, m));
        const replaced = key ? found.licenseKey : null;
        Object.assign(found, columns, { revalCharge: input.revalCharge ?? found.revalCharge });
        if (key) found.licenseKey = key;
        const saved = await this.companies.save(m, found);
        const categoryName = await this.companies.categoryName(p.tenantId, saved.categoryId, m);
        await this.log.write(m, p, ip, {
          action: '编辑客户公司',
          target: target(saved),
          before,
          after: snapshot(saved, categoryName),
          labels: CUSTOMER_COMPANY_LOG_LABELS,
        });
        const accounts = await this.companies.accountCount(m, saved.id, p.tenantId);
        return { view: toCustomerCompanyView(saved, categoryName, accounts), replaced };
      });
    } catch (error) {
      if (key) await this.removeObjects([key]);
      throw error;
    }
    if (result.replaced) await this.removeObjects([result.replaced]);
    return new Reply(result.view, CustomerCompanyMsg.edited);
  }

  /** Marks the company and its organisations deleted; refused while the company has accounts. */
  async remove(p: Principal, id: number, ip: string | undefined): Promise<Reply<null>> {
    await this.uow.run(async (m) => {
      const found = await this.companies.findActive(id, p.tenantId, m, true);
      if (!found) throw ApiError.notFound(CustomerCompanyMsg.notFound);
      const accounts = await this.companies.accountCount(m, found.id, p.tenantId);
      if (accounts > 0) throw ApiError.badRequest(companyHasAccountsMessage(accounts));
      const categoryName = await this.companies.categoryName(p.tenantId, found.categoryId, m);
      await this.companies.markDeleted(m, found);
      await this.log.write(m, p, ip, {
        action: '删除客户公司',
        target: target(found),
        before: snapshot(found, categoryName),
        after: null,
        labels: CUSTOMER_COMPANY_LOG_LABELS,
      });
    });
    return new Reply(null, CustomerCompanyMsg.deleted);
  }

  /** The object key of the licence of an active company of the tenant; 404 without company or licence. */
  async licenceKey(p: Principal, companyId: number): Promise<string> {
    const company = await this.companies.findActive(companyId, p.tenantId);
    if (!company) throw ApiError.notFound(CustomerCompanyMsg.notFound);
    if (!company.licenseKey) throw ApiError.notFound(CustomerCompanyMsg.noLicence);
    return company.licenseKey;
  }

  async deleteLicence(p: Principal, companyId: number, ip: string | undefined): Promise<Reply<CustomerCompanyView>> {
    const { view, key } = await this.uow.run(async (m) => {
      const found = await this.companies.findActive(companyId, p.tenantId, m, true);
      if (!found) throw ApiError.notFound(CustomerCompanyMsg.notFound);
      const old = found.licenseKey;
      if (!old) throw ApiError.notFound(CustomerCompanyMsg.noLicence);
      const categoryName = await this.companies.categoryName(p.tenantId, found.categoryId, m);
      const before = snapshot(found, categoryName);
      found.licenseKey = null;
      const saved = await this.companies.save(m, found);
      await this.log.write(m, p, ip, {
        action: '删除营业执照副本',
        target: target(saved),
        before,
        after: snapshot(saved, categoryName),
        labels: CUSTOMER_COMPANY_LOG_LABELS,
      });
      const accounts = await this.companies.accountCount(m, saved.id, p.tenantId);
      return { view: toCustomerCompanyView(saved, categoryName, accounts), key: old };
    });
    await this.removeObjects([key]);
    return new Reply(view, CustomerCompanyMsg.licenceDeleted);
  }

  /** The columns to store: empty text as null, the region names from the region table. */
  private async columns(input: CustomerCompanyAdd | CustomerCompanyEdit): Promise<CustomerCompanyColumns> {
    let provinceName: string | null = null;
    let cityName: string | null = null;
    if (input.provinceCode) {
      const province = await this.companies.region(input.provinceCode, 1);
      if (!province) throw ApiError.badRequest(CustomerCompanyMsg.provinceInvalid, { field: 'provinceCode' });
      provinceName = province.name;
    }
    if (input.cityCode) {
      const city = await this.companies.region(input.cityCode, 2, input.provinceCode);
      if (!city) throw ApiError.badRequest(CustomerCompanyMsg.cityInvalid, { field: 'cityCode' });
      cityName = city.name;
    }
    return {
      name: input.name,
      categoryId: input.categoryId ?? null,
      provinceCode: orNull(input.provinceCode),
      provinceName,
      cityCode: orNull(input.cityCode),
      cityName,
      address: orNull(input.address),
      socialCode: orNull(input.socialCode),
      contact: orNull(input.contact),
      contactNumber: orNull(input.contactNumber),
      email: orNull(input.email),
      fax: orNull(input.fax),
      department: orNull(input.department),
      position: orNull(input.position),
      revalCharge: input.revalCharge ?? false,
    };
  }

  private async checkNameAndCategory(m: Transaction, tenantId: number, columns: CustomerCompanyColumns, exceptId?: number): Promise<void> {
    if (columns.categoryId !== null && !(await this.companies.categoryExists(m, tenantId, columns.categoryId)))
      throw ApiError.badRequest(CustomerCompanyMsg.categoryInvalid, { field: 'categoryId' });
    await this.companies.lockTenant(m, tenantId);
    if (await this.companies.nameTaken(m, tenantId, columns.name, exceptId))
      throw ApiError.badRequest(CustomerCompanyMsg.nameTaken, { field: 'name' });
  }

  private async store(tenantId: number, licence: CheckedLicence): Promise<string> {
    const key = licenceKey(tenantId, licence.fileName);
    await this.storage.put(key, licence.buffer, licence.buffer.length, licence.contentType);
    return key;
  }

  /** Removing is tidying up: an object left behind is logged, the request still succeeds. */
  private async removeObjects(keys: readonly string[]): Promise<void> {
    for (const key of keys)
      await this.storage.remove(key).catch((err: unknown) => this.logger.warn({ err, key }, 'Could not remove a licence image'));
  }
}

/** The licence image of the request, if any, checked by name, content and size. */
function checkLicence(files: readonly UploadedLicence[]): CheckedLicence | null {
  const file = files.find((f) => f.fieldname === LICENSE_FIELD);
  if (!file) return null;
  const name = uploadedFileName(file.originalname ?? '');
  const check = checkLicenceImage({ name, size: file.size, head: file.buffer });
  if (!check.ok) throw ApiError.badRequest(check.message, { field: LICENSE_FIELD });
  return { buffer: file.buffer, contentType: check.contentType, fileName: licenceFileName(name, check.format) };
}
