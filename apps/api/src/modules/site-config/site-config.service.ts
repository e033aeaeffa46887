import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@valuation/config';
import { isUniqueViolation, SiteConfigRepository, TenantRepository, UnitOfWork, type SiteConfigEntity } from '@valuation/persistence';
import type { SiteConfig } from '@valuation/contracts';
import {
  checkSiteImage,
  Msg,
  SITE_CONFIG_LOG_LABELS,
  SITE_IMAGE_RULES,
  siteImageRule,
  SiteConfigMsg,
  type Population,
  type RecordSnapshot,
  type ReportImageFormat,
  type SiteConfigSaveInput,
  type SiteImageType,
} from '@valuation/domain';
import { ObjectStorage } from '@valuation/storage';
import { ApiError, Reply } from '../../common/api-error';
import type { Principal } from '../../common/principal';
import { AdminLog } from '../auth/admin-log.service';
import { CustomerDomainHosts, type HostOwner } from './customer-domain-hosts';

/** Branding of the platform itself, used when neither the company nor the tenant has its own. */
export const PLATFORM_SITE_CONFIG: SiteConfig = {
  id: null,
  productName: '房产智能估价平台',
  companyName: '',
  companyProfile: '',
  address: '',
  contact: '',
  email: '',
  themeColor: 'rgba(28, 126, 214, 1)',
  hasLogo: false,
  hasBackground: false,
  version: '0',
};

export function toSiteConfig(row: SiteConfigEntity): SiteConfig {
  return {
    id: row.id,
    productName: row.productName,
    companyName: row.companyName,
    companyProfile: row.companyProfile,
    address: row.address,
    contact: row.contact,
    email: row.email,
    themeColor: row.themeColor,
    hasLogo: !!row.logoKey,
    hasBackground: !!row.backgroundKey,
    version: String(row.updatedAt.getTime()),
  };
}

/** What multer leaves on the request for one uploaded file. */
export interface UploadedSiteFile {
  fieldname: string;
  originalname: string;
  buffer: Buffer;
  size: number;
}

interface Owner {
  tenantId: number;
  companyId: number | null;
}

interface CheckedImage {
  type: SiteImageType;
  buffer: Buffer;
  format: ReportImageFormat;
  contentType: string;
}

interface StoredImage {
  type: SiteImageType;
  key: string;
}

const EXTENSIONS: Readonly<Record<ReportImageFormat, string>> = { png: 'png', jpeg: 'jpg', gif: 'gif' };

/** A new object key for every upload, so a row never points at half-replaced bytes. */
export function siteImageKey(owner: Owner, type: SiteImageType, format: ReportImageFormat): string {
  const name = type === 1 ? 'logo' : 'background';
  return `site-config/${owner.tenantId}/${owner.companyId ?? 'tenant'}/${name}-${randomUUID()}.${EXTENSIONS[format]}`;
}

/** The logo and background files of a save, each checked by name, content and size. */
function checkImages(files: readonly UploadedSiteFile[]): CheckedImage[] {
  const images: CheckedImage[] = [];
  for (const rule of SITE_IMAGE_RULES) {
    const file = files.find((f) => f.fieldname === rule.field);
    if (!file) continue;
    const check = checkSiteImage(rule.type, { name: file.originalname ?? '', size: file.size, head: file.buffer });
    if (!check.ok) throw ApiError.badRequest(check.message, { field: rule.field });
    images.push({ type: rule.type, buffer: file.buffer, format: check.format, contentType: check.contentType });
  }
  return images;
}

/** The fields of a configuration an administrator edits, as the operation log keeps them. */
function snapshot(row: SiteConfigEntity): RecordSnapshot {
  const file = (key: string | null) => (key ? (key.split('/').pop() ?? '') : '');
  return {
    productName: row.productName,
    companyName: row.companyName,
    companyProfile: row.companyProfile,
    address: row.address,
    contact: row.contact,
    email: row.email,
    themeColor: row.themeColor,
    logo: file(row.logoKey),
    background: file(row.backgroundKey),
  };
}

/**
 * Resolves branding from the most specific owner: the caller's customer company, then its tenant,
 * then the platform default. Without a caller, a request host that is a completed customer domain
 * stands for that customer company (the channel pages on it get the company's tenant); any other
 * host gets the tenant DEFAULT_TENANT_CODE.
 */
@Injectable()
export class SiteConfigService {
  private readonly logger = new Logger(SiteConfigService.name);

  constructor(
    private readonly siteConfigs: SiteConfigRepository,
    private readonly tenants: TenantRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly hosts: CustomerDomainHosts,
    private readonly uow: UnitOfWork,
    private readonly storage: ObjectStorage,
    private readonly log: AdminLog,
  ) {}

  /**
   * Saves the caller's own configuration: the customer company's (organisation side) or the
   * tenant's (channel side). The images are checked before anything is written, stored under new
   * keys, and the replaced objects removed once the row is saved. A company saving for the first
   * time starts from what it showed until then (its tenant's), images included.
   */
  async save(pop: Population, p: Principal, input: SiteConfigSaveInput, files: readonly UploadedSiteFile[], ip: string | undefined) {
    const owner = this.ownerOf(pop, p);
    const images = checkImages(files);
    const stored = await this.store(owner, images);
    let result: { row: SiteConfigEntity; removed: string[] };
    try {
      result = await this.uow.run(async (m) => {
        const current = await this.siteConfigs.findForChange(m, owner.tenantId, owner.companyId);
        const before = current ? snapshot(current) : null;
        const removed: string[] = [];
        let keys = { logoKey: current?.logoKey ?? null, backgroundKey: current?.backgroundKey ?? null };
        if (!current && owner.companyId !== null) keys = await this.copyInherited(owner);
        for (const s of stored) {
          const field = s.type === 1 ? 'logoKey' : 'backgroundKey';
          const old = keys[field];
          if (old) removed.push(old);
          keys[field] = s.key;
        }
        const row = await this.siteConfigs.save(m, {
          ...(current ?? { tenantId: owner.tenantId, companyId: owner.companyId }),
          productName: input.productName,
          companyName: input.companyName,
          companyProfile: input.companyProfile,
          address: input.address,
          contact: input.contact,
          email: input.email,
          themeColor: input.themeColor,
          ...keys,
        });
        await this.log.write(m, p, ip, {
          action: '保存网站配置',
          target: { type: 'site_config', id: row.id, name: row.productName },
          before,
          after: snapshot(row),
          labels: SITE_CONFIG_LOG_LABELS,
        });
        return { row, removed };
      });
    } catch (error) {
      await this.removeObjects(stored.map((s) => s.key));
      if (isUniqueViolation(error)) throw ApiError.conflict(SiteConfigMsg.saveFailed);
      throw error;
    }
    await this.removeObjects(result.removed);
    return new Reply(toSiteConfig(result.row), SiteConfigMsg.saved);
  }

  /** Removes the logo (1) or background (2) of the caller's own configuration. */
  async deleteImage(pop: Population, p: Principal, type: SiteImageType, ip: string | undefined) {
    const owner = this.ownerOf(pop, p);
    const field = type === 1 ? 'logoKey' : 'backgroundKey';
    const { row, key } = await this.uow.run(async (m) => {
      const current = await this.siteConfigs.findForChange(m, owner.tenantId, owner.companyId);
      const old = current?.[field];
      if (!current || !old) throw ApiError.notFound(SiteConfigMsg.noImage);
      const before = snapshot(current);
      current[field] = null;
      const saved = await this.siteConfigs.save(m, current);
      await this.log.write(m, p, ip, {
        action: `删除网站${siteImageRule(type).name}图片`,
        target: { type: 'site_config', id: saved.id, name: saved.productName },
        before,
        after: snapshot(saved),
        labels: SITE_CONFIG_LOG_LABELS,
      });
      return { row: saved, key: old };
    });
    await this.removeObjects([key]);
    return new Reply(toSiteConfig(row), SiteConfigMsg.imageDeleted);
  }

  /** Whose configuration a caller edits: its customer company's, or on the channel side its tenant's. */
  private ownerOf(pop: Population, p: Principal): Owner {
    if (pop === 'tenant') return { tenantId: p.tenantId, companyId: null };
    if (p.companyId === null) throw ApiError.forbidden(Msg.forbidden);
    return { tenantId: p.tenantId, companyId: p.companyId };
  }

  /** Copies of the tenant's images for a company's first configuration, so each row owns its objects. */
  private async copyInherited(owner: Owner): Promise<{ logoKey: string | null; backgroundKey: string | null }> {
    const inherited = await this.siteConfigs.find(owner.tenantId, null);
    const copy = async (type: SiteImageType, key: string | null | undefined): Promise<string | null> => {
      const stat = key ? await this.storage.stat(key) : null;
      if (!key || !stat) return null;
      const ext = /\.(png|jpg|gif)$/.exec(key)?.[1] ?? 'png';
      const target = siteImageKey(owner, type, ext === 'jpg' ? 'jpeg' : (ext as ReportImageFormat));
      await this.storage.put(target, await this.storage.getBuffer(key), stat.size, stat.contentType);
      return target;
    };
    return { logoKey: await copy(1, inherited?.logoKey), backgroundKey: await copy(2, inherited?.backgroundKey) };
  }

  private async store(owner: Owner, images: readonly CheckedImage[]): Promise<StoredImage[]> {
    const stored: StoredImage[] = [];
    try {
      for (const image of images) {
        const key = siteImageKey(owner, image.type, image.format);
        await this.storage.put(key, image.buffer, image.buffer.length, image.contentType);
        stored.push({ type: image.type, key });
      }
    } catch (error) {
      await this.removeObjects(stored.map((s) => s.key));
      throw error;
    }
    return stored;
  }

  /** Removing is tidying up: an object left behind is logged, the request still succeeds. */
  private async removeObjects(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      await this.storage.remove(key).catch((err: unknown) => this.logger.warn({ err, key }, 'Could not remove a site image'));
    }
  }

  async resolve(pop: Population, principal: Principal | undefined, hostname?: string): Promise<SiteConfigEntity | null> {
    const hostOwner: HostOwner | null = principal ? null : await this.hosts.ownerOf(hostname);
    const tenantId = principal?.tenantId ?? hostOwner?.tenantId ?? (await this.defaultTenantId());
    if (tenantId === null) return null;
    const companyId = pop === 'user' ? (principal ? principal.companyId : hostOwner?.companyId) : null;
    if (companyId) {
      const own = await this.siteConfigs.find(tenantId, companyId);
      if (own) return own;
    }
    return this.siteConfigs.find(tenantId, null);
  }

  /** The branding of a caller, or of the request host when there is no caller. */
  async get(pop: Population, principal: Principal | undefined, hostname?: string): Promise<SiteConfig> {
    const row = await this.resolve(pop, principal, hostname);
    return row ? toSiteConfig(row) : PLATFORM_SITE_CONFIG;
  }

  /** Object-storage key of the logo (1) or background (2), or null when none is set. */
  async imageKey(pop: Population, principal: Principal | undefined, type: SiteImageType, hostname?: string): Promise<string | null> {
    const row = await this.resolve(pop, principal, hostname);
    if (!row) return null;
    return type === 1 ? row.logoKey : row.backgroundKey;
  }

  private async defaultTenantId(): Promise<number | null> {
    const tenant = await this.tenants.findByCode(this.config.DEFAULT_TENANT_CODE);
    return tenant?.id ?? null;
  }
}
