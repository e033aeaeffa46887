import { AGENCY_FILE_ACCEPT, agencyPickedFilesProblem, type AgencyFileKind } from '@valuation/domain';
import { FileDropzone } from '@valuation/ui';
import type { ReactNode } from 'react';

export interface AgencyFilePickerProps {
  kind: AgencyFileKind;
  label: ReactNode;
  hint: ReactNode;
  files: File[];
  onChange: (files: File[]) => void;
  required?: boolean;
  /** A message from the form (a required file missing). */
  error?: string;
  disabled?: boolean;
}

/** The attachments of a request or the files of a reply, checked as the server checks them (count, size, type) before upload. */
export function AgencyFilePicker({ kind, label, hint, files, onChange, required, error, disabled }: AgencyFilePickerProps) {
  return (
    <FileDropzone
      label={label}
      description={hint}
      required={required}
      multiple
      extensions={AGENCY_FILE_ACCEPT[kind].split(',').map((ext) => ext.replace(/^\./, ''))}
      files={files}
      onChange={onChange}
      check={(next) => agencyPickedFilesProblem(kind, next)}
      error={error}
      disabled={disabled}
    />
  );
}
