import type { ReportConfig } from '@valuation/contracts';
import {
  checkReportImage,
  IMAGE_SIGNATURE_BYTES,
  REPORT_IMAGE_KINDS,
  reportImageRule,
  type ReportConfigTextInput,
  type ReportConfigType,
  type ReportImageKind,
} from '@valuation/domain';

/** Session storage key of the chosen report type (the spec: remembered in the session). */
export const REPORT_TYPE_SESSION_KEY = 'reportType';

/** The remembered report type; the inquiry report when nothing (or something else) is remembered. */
export function reportTypeFrom(raw: string | null): ReportConfigType {
  return raw === '2' ? 2 : 1;
}

/** What the form edits; the images travel beside it. */
export interface ReportConfigFormValues {
  reportType: ReportConfigType;
  reportName: string;
  reportStatement: string;
  reportSign: string;
}

export function formValuesOf(config: ReportConfig): ReportConfigFormValues {
  return {
    reportType: config.reportType,
    reportName: config.reportName,
    reportStatement: config.reportStatement,
    reportSign: config.reportSign,
  };
}

/** Images picked in the form and not saved yet, by image type. */
export type PickedImages = Partial<Record<ReportImageKind, File>>;

export interface ReportConfigSave {
  /** null while the report type has no configuration: the save is an add. */
  id: number | null;
  values: ReportConfigTextInput;
  files: PickedImages;
}

export function pickedKinds(files: PickedImages): ReportImageKind[] {
  return REPORT_IMAGE_KINDS.filter((kind) => files[kind] !== undefined);
}

/** The multipart fields of add or update; the consulting report adds its sign and the picked images. */
export function saveBody({ id, values, files }: ReportConfigSave): Record<string, string | number | File> {
  const body: Record<string, string | number | File> = {
    reportType: values.reportType,
    reportName: values.reportName,
    reportStatement: values.reportStatement,
  };
  if (id !== null) body.id = id;
  if (values.reportType === 2) {
    body.reportSign = values.reportSign;
    for (const kind of pickedKinds(files)) body[reportImageRule(kind).field] = files[kind]!;
  }
  return body;
}

/** The message of a picked file that the server would refuse (format by name and content, then size), or null. */
export async function pickedImageError(kind: ReportImageKind, file: File): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, IMAGE_SIGNATURE_BYTES).arrayBuffer());
  const check = checkReportImage(kind, { name: file.name, size: file.size, head });
  return check.ok ? null : check.message;
}
