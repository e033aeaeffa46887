import ExcelJS from 'exceljs';
import { workbookBuffer } from '@valuation/core';
import { BATCH_COLUMNS, BATCH_MAX_ROWS, LOAN_BOOK_COLUMNS, type BatchColumn } from '@valuation/domain';

declare module 'exceljs' {
  /** exceljs 4.4 keeps a sheet's validations by cell or range address; its typings leave them out. */
  interface Worksheet {
    dataValidations: {
      add(address: string, validation: DataValidation): DataValidation;
      model: Record<string, DataValidation | undefined>;
    };
  }
}

export const BATCH_TEMPLATE_FILE_NAME = '批量估价模板.xlsx';
export const BATCH_TEMPLATE_SHEET = '批量估价';
export const LOAN_BOOK_TEMPLATE_FILE_NAME = '贷款台账模板.xlsx';
export const LOAN_BOOK_TEMPLATE_SHEET = '贷款台账';

/**
 * The batch template (or, with LOAN_BOOK_COLUMNS, the loan book template): the header row of the
 * columns, one example row, drop-down lists on the columns that take codes (down to the last row a
 * file may have) and a sheet explaining each column. Only the first sheet is read back.
 */
export async function buildBatchTemplate(
  columns: readonly BatchColumn[] = BATCH_COLUMNS,
  sheetName = BATCH_TEMPLATE_SHEET,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ key: c.key, header: c.header, width: c.width, style: { numFmt: '@' } }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.alignment = { vertical: 'middle', horizontal: 'center' };
  columns.forEach((c, i) => {
    header.getCell(i + 1).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: c.required ? 'FFFFE8CC' : 'FFF1F3F5' } };
  });
  sheet.addRow(columns.map((c) => c.example));

  const lastRow = BATCH_MAX_ROWS + 1;
  columns.forEach((c, i) => {
    if (!c.options) return;
    const letter = sheet.getColumn(i + 1).letter;
    sheet.dataValidations.add(`${letter}2:${letter}${lastRow}`, {
      type: 'list',
      allowBlank: !c.required,
      formulae: [`"${c.options.map((o) => o.name).join(',')}"`],
      showErrorMessage: true,
      errorStyle: 'error',
      errorTitle: c.header.replace('*', ''),
      error: `请从下拉列表中选择${c.header.replace('*', '')}`,
    });
  });

  const notes = workbook.addWorksheet('填写说明');
  notes.columns = [
    { header: '列名', key: 'header', width: 18 },
    { header: '是否必填', key: 'required', width: 10 },
    { header: '说明', key: 'note', width: 50 },
    { header: '可选值', key: 'options', width: 50 },
  ];
  notes.getRow(1).font = { bold: true };
  for (const c of columns) {
    notes.addRow({
      header: c.header.replace('*', ''),
      required: c.required ? '是' : '否',
      note: c.note,
      options: c.options?.map((o) => o.name).join('、') ?? '',
    });
  }
  notes.addRow({});
  notes.addRow({ header: `每个文件最多 ${BATCH_MAX_ROWS} 条数据，文件不超过 5MB；CSV 文件建议使用 GB 系列编码（GBK/GB18030）。` });
  return workbookBuffer(workbook);
}

/** The loan book template: the batch columns, then the loan's. */
export const buildLoanBookTemplate = () => buildBatchTemplate(LOAN_BOOK_COLUMNS, LOAN_BOOK_TEMPLATE_SHEET);
