/**
 * Rules of the batch upload dialog (staff back-office specification, section 5 "Batch upload"):
 * the web form and POST api/batch/upload check the same things with the same messages.
 */

export const BatchMsg = {
  fileMissing: '未选择上传文件！',
  fileType: '上传文件格式不正确！',
  fileSize: '文件大小不超过5MB，请重新选择文件！',
  taskNameRequired: '请填写任务名！',
  phoneInvalid: '手机号码格式不正确！',
  fileEmpty: '文件内容为空，请按模板填写！',
  tooManyRows: '数据不可超过10000条！',
  tooManyColumns: '表格列数不可超过100列！',
  headerMismatch: '文件表头与模板不一致，请按模板填写！',
  useUniversal: '包年城市次数不足，是否使用通用次数?',
  contactAdmin: '请联系管理员!',
  taskNotFound: '批量任务不存在',
  taskNotWaiting: '该任务已提交估价，请勿重复提交',
  cityRequired: '请填写城市',
  cityUnknown: '未识别的城市',
  uploadConfirmLeave: '估价文件正在上传，确定要关闭页面？关闭会导致文件上传失败.',
} as const;

/** 5 MB. */
export const BATCH_MAX_FILE_BYTES = 5_242_880;
export const BATCH_MAX_ROWS = 10_000;
/** Columns of a batch file, counted from the first (the template has 14). */
export const BATCH_MAX_COLUMNS = 100;
export const BATCH_TASK_NAME_MAX = 15;
/** The phone as displayed (3-4-4 groups with dashes). */
export const BATCH_PHONE_MAX = 13;
/** Rows per chunk job of the worker. */
export const CHUNK_SIZE = 250;
export const BATCH_FILE_EXTENSIONS = ['xls', 'xlsx', 'csv'] as const;
export type BatchFileExtension = (typeof BATCH_FILE_EXTENSIONS)[number];
/** The upload dialog closes this long after a successful upload. */
export const BATCH_UPLOAD_SUCCESS_CLOSE_MS = 2000;

export type BatchCheck<T> = { ok: true; value: T } | { ok: false; message: string };

const MOBILE = /^1[34578]\d{9}$/;

/** The extension of an accepted file name (lower case), or null. */
export function batchFileExtension(fileName: string): BatchFileExtension | null {
  const m = /\.([A-Za-z]+)$/.exec(fileName.trim());
  const ext = m ? m[1].toLowerCase() : '';
  return (BATCH_FILE_EXTENSIONS as readonly string[]).includes(ext) ? (ext as BatchFileExtension) : null;
}

export function checkBatchFileName(fileName: string | null | undefined): BatchCheck<BatchFileExtension> {
  if (!fileName) return { ok: false, message: BatchMsg.fileMissing };
  const ext = batchFileExtension(fileName);
  return ext ? { ok: true, value: ext } : { ok: false, message: BatchMsg.fileType };
}

export function checkBatchFileSize(bytes: number): BatchCheck<number> {
  return bytes <= BATCH_MAX_FILE_BYTES ? { ok: true, value: bytes } : { ok: false, message: BatchMsg.fileSize };
}

/** Required, at most 15 characters once trimmed. */
export function checkBatchTaskName(raw: unknown): BatchCheck<string> {
  const name = typeof raw === 'string' ? raw.trim() : '';
  if (!name || [...name].length > BATCH_TASK_NAME_MAX) return { ok: false, message: BatchMsg.taskNameRequired };
  return { ok: true, value: name };
}

/**
 * Optional; at most 13 characters as typed, then a mainland mobile number once spaces and dashes
 * are removed. The value is the digits, or null when blank.
 */
export function checkBatchPhone(raw: unknown): BatchCheck<string | null> {
  const typed = typeof raw === 'string' ? raw.trim() : raw === undefined || raw === null ? '' : String(raw).trim();
  if (!typed) return { ok: true, value: null };
  if (typed.length > BATCH_PHONE_MAX) return { ok: false, message: BatchMsg.phoneInvalid };
  const digits = typed.replace(/[\s-]/g, '');
  return MOBILE.test(digits) ? { ok: true, value: digits } : { ok: false, message: BatchMsg.phoneInvalid };
}

/** A phone shown in 3-4-4 groups: 138-0013-8000. */
export function formatBatchPhone(digits: string): string {
  const d = digits.replace(/\D/g, '').slice(0, 11);
  return [d.slice(0, 3), d.slice(3, 7), d.slice(7)].filter(Boolean).join('-');
}

export function checkBatchRowCount(rows: number): BatchCheck<number> {
  if (rows <= 0) return { ok: false, message: BatchMsg.fileEmpty };
  if (rows > BATCH_MAX_ROWS) return { ok: false, message: BatchMsg.tooManyRows };
  return { ok: true, value: rows };
}

/** Chunk of a row numbered from 1, when rows are chunked in file order. */
export function batchChunkOf(rowNo: number): number {
  return Math.floor((rowNo - 1) / CHUNK_SIZE);
}

/** A row's place as the upload knows it: its resolved city and its address as written. */
export interface BatchRowAddress {
  cityCode: string | null;
  location: string | null;
}

/**
 * The chunk of each row, in the order given: rows are put in chunks of CHUNK_SIZE in the order of
 * their city and address (then of the file), so that the units of one community share a chunk
 * and the worker that takes it fits that community's market, which another worker would have to
 * fit again. As many chunks as in file order.
 */
export function batchChunksByPlace(rows: readonly BatchRowAddress[]): number[] {
  const order = rows
    .map((_, i) => i)
    .sort((a, b) => byText(rows[a].cityCode, rows[b].cityCode) || byText(rows[a].location, rows[b].location) || a - b);
  const chunks = new Array<number>(rows.length);
  order.forEach((row, rank) => (chunks[row] = Math.floor(rank / CHUNK_SIZE)));
  return chunks;
}

/** Code-point order, missing values last. */
function byText(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

export interface BatchUploadForm {
  fileName: string | null;
  fileSize: number;
  taskName: string;
  phone: string;
}

/**
 * The checks of the dialog in the specification's order: file chosen, type by name, size, task
 * name, phone. The server also checks the content and the rows afterwards.
 */
export function checkBatchUploadForm(
  form: BatchUploadForm,
): BatchCheck<{ extension: BatchFileExtension; taskName: string; phone: string | null }> {
  const file = checkBatchFileName(form.fileName);
  if (!file.ok) return file;
  const size = checkBatchFileSize(form.fileSize);
  if (!size.ok) return size;
  const name = checkBatchTaskName(form.taskName);
  if (!name.ok) return name;
  const phone = checkBatchPhone(form.phone);
  if (!phone.ok) return phone;
  return { ok: true, value: { extension: file.value, taskName: name.value, phone: phone.value } };
}
