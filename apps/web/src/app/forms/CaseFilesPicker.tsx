import { CASE_FILE_ACCEPT, CASE_FILE_LIMITS, CaseFileMsg, checkCaseFile, FILE_HEAD_BYTES } from '@valuation/domain';
import { FileDropzone } from '@valuation/ui';

/** Checks picked files like the server (count, 30 MB each, image or archive by content). */
export async function caseFilesProblem(files: readonly File[]): Promise<string | null> {
  if (files.length > CASE_FILE_LIMITS.maxFiles) return CaseFileMsg.tooMany;
  for (const f of files) {
    const head = new Uint8Array(await f.slice(0, FILE_HEAD_BYTES).arrayBuffer());
    const check = checkCaseFile(f.name, f.size, head);
    if (!check.ok) return check.message;
  }
  return null;
}

const EXTENSIONS = CASE_FILE_ACCEPT.split(',').map((ext) => ext.replace(/^\./, ''));

export interface CaseFilesPickerProps {
  files: File[];
  onChange: (files: File[]) => void;
  disabled?: boolean;
}

/** The attachments of a manual enquiry or a re-appraisal: images or archives, checked as the server checks them. */
export function CaseFilesPicker({ files, onChange, disabled }: CaseFilesPickerProps) {
  return (
    <FileDropzone
      label="附件"
      description={`支持图片或压缩包，最多${CASE_FILE_LIMITS.maxFiles}个，单个文件不大于30M`}
      multiple
      extensions={EXTENSIONS}
      files={files}
      onChange={onChange}
      check={caseFilesProblem}
      disabled={disabled}
    />
  );
}
