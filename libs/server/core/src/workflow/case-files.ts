import { randomUUID } from 'node:crypto';
import { checkCaseFiles, FILE_HEAD_BYTES } from '@valuation/domain';
import type { CaseFile } from '@valuation/persistence';
import type { ObjectStorage } from '@valuation/storage';

/** An uploaded file as multer hands it over. */
export interface UploadedCaseFile {
  originalname: string;
  size: number;
  buffer: Buffer;
}

/** The attachments break the rules; the message is the one the form shows. */
export class CaseFileRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CaseFileRefusal';
  }
}

const extension = (name: string) => name.toLowerCase().split('.').pop() ?? 'bin';

/** The rules a set of uploads must meet: each file's type by content, or the message of the first problem. */
export type UploadCheck = (
  files: readonly { name: string; size: number; head: Uint8Array }[],
) => { ok: true; types: readonly string[] } | { ok: false; message: string };

/**
 * Checks the attachments of a request (count, size, type by content) before anything is stored,
 * then stores them under the tenant; throws CaseFileRefusal when any breaks a rule. The caller
 * removes the stored objects again (removeCaseFiles) if the request fails after this.
 */
export function storeCaseFiles(storage: ObjectStorage, tenantId: number, files: readonly UploadedCaseFile[]): Promise<CaseFile[]> {
  return storeCheckedFiles(storage, `cases/${tenantId}`, files, checkCaseFiles);
}

/** Checks uploads with the given rules, then stores them under the key prefix (see storeCaseFiles). */
export async function storeCheckedFiles(
  storage: ObjectStorage,
  prefix: string,
  files: readonly UploadedCaseFile[],
  rules: UploadCheck,
): Promise<CaseFile[]> {
  const check = rules(files.map((f) => ({ name: f.originalname, size: f.size, head: f.buffer.subarray(0, FILE_HEAD_BYTES) })));
  if (!check.ok) throw new CaseFileRefusal(check.message);
  const stored: CaseFile[] = [];
  try {
    for (const [i, file] of files.entries()) {
      const key = `${prefix}/${randomUUID()}.${extension(file.originalname)}`;
      await storage.put(key, file.buffer, file.size, check.types[i]);
      stored.push({ key, name: file.originalname.slice(0, 200), size: file.size, type: check.types[i] });
    }
  } catch (error) {
    await removeCaseFiles(storage, stored);
    throw error;
  }
  return stored;
}

export async function removeCaseFiles(storage: ObjectStorage, files: readonly CaseFile[]): Promise<void> {
  await Promise.allSettled(files.map((f) => storage.remove(f.key)));
}
