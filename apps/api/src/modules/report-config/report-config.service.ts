import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import type { ReportConfig, ReportImageType } from '@valuation/contracts';
import {
  checkReportImage,
  REPORT_CONFIG_DEFAULTS,
  REPORT_IMAGE_RULES,
  REPORT_TYPE_LABELS,
  ReportConfigMsg,
  reportImageRule,
  type ReportConfigTextInput,
  type ReportConfigUpdateInput,
  type ReportConfigType,
  type ReportImageFormat,
  type ReportImageKind,
} from '@valuation/domain';
import { isUniqueViolation, ReportConfigRepository, UnitOfWork, type ReportConfigEntity } from '@valuation/persistence';
import { ObjectStorage } from '@valuation/storage';
import { ApiError, Reply } from '../../common/api-error';
import type { Principal } from '../../common/principal';
import { AuditTrail } from '../auth/audit-trail.service';

/** What multer leaves on the request for one uploaded file. */
export interface UploadedImageFile {
  fieldname: string;
  originalname: string;
  buffer: Buffer;
  size: number;
}

/** A checked image of the request, ready to store. */
interface CheckedImage {
  type: ReportImageKind;
  buffer: Buffer;
  format: ReportImageFormat;
  contentType: string;
}

interface StoredImage {
  type: ReportImageKind;
  key: string;
}

const EXTENSIONS: Readonly<Record<ReportImageFormat, string>> = { png: 'png', jpeg: 'jpg', gif: 'gif' };

/** A new object key for every upload, so the key of a row never points at half-replaced bytes. */
export function reportImageKey(tenantId: number, reportType: ReportConfigType, image: ReportImageKind, format: ReportImageFormat): string {
  return `report-config/${tenantId}/${reportType}/${image}-${randomUUID()}.${EXTENSIONS[format]}`;
}

const imageFlags = (has: (type: ReportImageType) => boolean): Record<ReportImageType, boolean> => ({
  1: has(1),
  2: has(2),
  3: has(3),
  4: has(4),
  5: has(5),
});

export function toReportConfig(row: ReportConfigEntity): ReportConfig {
  return {
    id: row.id,
    reportType: row.reportType,
    reportName: row.reportName,
    reportStatement: row.reportStatement,
    reportSign: row.reportSign,
    images: imageFlags((t) => !!row.imageKeys[t]),
  };
}

function defaultReportConfig(reportType: ReportConfigType): ReportConfig {
  return { id: null, reportType, ...REPORT_CONFIG_DEFAULTS[reportType], images: imageFlags(() => false) };
}

/**
 * The tenant's own report configuration (companyId null) of each report type: texts and, for the
 * consulting report, five images in object storage. A request is checked completely before
 * anything is written; new images are stored under new keys, the row is updated, and only then
 * are the replaced objects removed.
 */
@Injectable()
export class ReportConfigService {
  private readonly logger = new Logger(ReportConfigService.name);

  constructor(
    private readonly uow: UnitOfWork,
    private readonly configs: ReportConfigRepository,
    private readonly storage: ObjectStorage,
    private readonly audit: AuditTrail,
  ) {}

  async get(p: Principal, reportType: ReportConfigType): Promise<ReportConfig> {
    const row = await this.own(p, reportType);
    return row ? toReportConfig(row) : defaultReportConfig(reportType);
  }

  /** Texts checked by the controller; the images are checked here, before anything is written. */
  async add(
    p: Principal,
    input: ReportConfigTextInput,
    files: readonly UploadedImageFile[],
    ip: string | undefined,
  ): Promise<Reply<ReportConfig>> {
    const images = this.checkImages(input.reportType, files);
    if (await this.own(p, input.reportType)) throw ApiError.conflict(ReportConfigMsg.alreadyExists);

    const stored = await this.store(p.tenantId, input.reportType, images);
    let row: ReportConfigEntity;
    try {
      row = await this.configs.save({
        tenantId: p.tenantId,
        companyId: null,
        reportType: input.reportType,
        ...texts(input),
        imageKeys: Object.fromEntries(stored.map((s) => [s.type, s.key])),
      });
    } catch (error) {
      await this.removeObjects(stored.map((s) => s.key));
      if (isUniqueViolation(error)) throw ApiError.conflict(ReportConfigMsg.alreadyExists);
      throw error;
    }
    await this.record(p, '新增报告配置', input, stored, ip);
    return new Reply(toReportConfig(row), ReportConfigMsg.saved);
  }

  async update(
    p: Principal,
    input: ReportConfigUpdateInput,
    files: readonly UploadedImageFile[],
    ip: string | undefined,
  ): Promise<Reply<ReportConfig>> {
    const images = this.checkImages(input.reportType, files);
    const current = await this.configs.tenantOwnById(p.tenantId, input.id);
    if (!current) throw ApiError.notFound(ReportConfigMsg.notFound);
    if (current.reportType !== input.reportType) throw ApiError.badRequest(ReportConfigMsg.typeMismatch);

    const stored = await this.store(p.tenantId, input.reportType, images);
    let result: { row: ReportConfigEntity; replaced: string[] };
    try {
      result = await this.uow.run(async (m) => {
        const row = await this.configs.tenantOwnById(p.tenantId, input.id, m, true);
        if (!row) throw ApiError.notFound(ReportConfigMsg.notFound);
        const imageKeys = { ...row.imageKeys };
        const replaced: string[] = [];
        for (const s of stored) {
          const old = imageKeys[s.type];
          if (old) replaced.push(old);
          imageKeys[s.type] = s.key;
        }
        Object.assign(row, texts(input), { imageKeys });
        return { row: await this.configs.save(row, m), replaced };
      });
    } catch (error) {
      await this.removeObjects(stored.map((s) => s.key));
      throw error;
    }
    await this.removeObjects(result.replaced);
    await this.record(p, '修改报告配置', input, stored, ip);
    return new Reply(toReportConfig(result.row), ReportConfigMsg.saved);
  }

  /** Object key of an image of the tenant's configuration, or null when it is not set. */
  async imageKey(p: Principal, reportType: ReportConfigType, imageType: ReportImageKind): Promise<string | null> {
    const row = await this.own(p, reportType);
    return row?.imageKeys[imageType] ?? null;
  }

  async deleteImage(
    p: Principal,
    reportType: ReportConfigType,
    imageType: ReportImageKind,
    ip: string | undefined,
  ): Promise<Reply<ReportConfig>> {
    const { row, key } = await this.uow.run(async (m) => {
      const locked = await this.configs.tenantOwn(p.tenantId, reportType, m, true);
      const old = locked?.imageKeys[imageType];
      if (!locked || !old) throw ApiError.notFound(ReportConfigMsg.noImage);
      const imageKeys = { ...locked.imageKeys };
      delete imageKeys[imageType];
      locked.imageKeys = imageKeys;
      return { row: await this.configs.save(locked, m), key: old };
    });
    await this.removeObjects([key]);
    const name = reportImageRule(imageType).name;
    await this.audit.record(p, '删除报告配置图片', `${REPORT_TYPE_LABELS[reportType]}：删除${name}图片`, ip);
    return new Reply(toReportConfig(row), ReportConfigMsg.imageDeleted);
  }

  private own(p: Principal, reportType: ReportConfigType): Promise<ReportConfigEntity | null> {
    return this.configs.tenantOwn(p.tenantId, reportType);
  }

  /** The images of a consulting report request, each checked by name, content and size; the inquiry report has none. */
  private checkImages(reportType: ReportConfigType, files: readonly UploadedImageFile[]): CheckedImage[] {
    if (reportType !== 2) return [];
    const images: CheckedImage[] = [];
    for (const rule of REPORT_IMAGE_RULES) {
      const file = files.find((f) => f.fieldname === rule.field);
      if (!file) continue;
      const check = checkReportImage(rule.type, { name: file.originalname ?? '', size: file.size, head: file.buffer });
      if (!check.ok) throw ApiError.badRequest(check.message, { field: rule.field });
      images.push({ type: rule.type, buffer: file.buffer, format: check.format, contentType: check.contentType });
    }
    return images;
  }

  private async store(tenantId: number, reportType: ReportConfigType, images: readonly CheckedImage[]): Promise<StoredImage[]> {
    const stored: StoredImage[] = [];
    try {
      for (const image of images) {
        const key = reportImageKey(tenantId, reportType, image.type, image.format);
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
      await this.storage
        .remove(key)
        .catch((err: unknown) => this.logger.warn({ err, key }, 'Could not remove a report configuration image'));
    }
  }

  private async record(p: Principal, action: string, input: ReportConfigTextInput, stored: readonly StoredImage[], ip: string | undefined) {
    const images = stored.map((s) => reportImageRule(s.type).name).join('、');
    const detail = `${REPORT_TYPE_LABELS[input.reportType]}：${input.reportName}${images ? `（上传图片：${images}）` : ''}`;
    await this.audit.record(p, action, detail, ip);
  }
}

/** The texts as stored: the inquiry report has no sign. */
function texts(input: ReportConfigTextInput) {
  return {
    reportName: input.reportName,
    reportStatement: input.reportStatement,
    reportSign: input.reportType === 2 ? input.reportSign : '',
  };
}
