/**
 * Configurable fields of the valuation form, in the order the specification checks them.
 * entryType: 0 fixed, 1 fillable and optional, 2 only "required" adjustable.
 */
export interface EvalFieldDefinition {
  /** Request property the field fills (parms of the valuation request). */
  key: string;
  fieldName: string;
  fieldType: 'text' | 'select' | 'number';
  entryType: 0 | 1 | 2;
  display: boolean;
  required: boolean;
  /** Message when the field is required and empty. */
  requiredMessage: string;
  /** Shown for residential property only. */
  residentialOnly?: boolean;
}

export const EVAL_FIELDS: readonly EvalFieldDefinition[] = [
  {
    key: 'principalCode',
    fieldName: '客户编号',
    fieldType: 'text',
    entryType: 1,
    display: true,
    required: false,
    requiredMessage: '请输入客户编号',
  },
  {
    key: 'principal',
    fieldName: '委托方',
    fieldType: 'text',
    entryType: 1,
    display: true,
    required: false,
    requiredMessage: '请输入委托方',
  },
  { key: 'owner', fieldName: '产权人', fieldType: 'text', entryType: 1, display: true, required: false, requiredMessage: '请输入产权人' },
  {
    key: 'cardAddress',
    fieldName: '证载地址',
    fieldType: 'text',
    entryType: 1,
    display: true,
    required: false,
    requiredMessage: '请输入证载地址',
  },
  {
    key: 'businessTypeId',
    fieldName: '业务类型',
    fieldType: 'select',
    entryType: 1,
    display: true,
    required: false,
    requiredMessage: '请选择业务类型',
  },
  { key: 'buildNo', fieldName: '楼栋', fieldType: 'number', entryType: 1, display: true, required: false, requiredMessage: '请输入楼栋' },
  { key: 'unit', fieldName: '单元', fieldType: 'number', entryType: 1, display: true, required: false, requiredMessage: '请输入单元' },
  { key: 'roomNo', fieldName: '户号', fieldType: 'number', entryType: 1, display: true, required: false, requiredMessage: '请输入户号' },
  {
    key: 'lr',
    fieldName: '厅',
    fieldType: 'number',
    entryType: 1,
    display: true,
    required: false,
    requiredMessage: '请输入厅数',
    residentialOnly: true,
  },
  { key: 'ba', fieldName: '卫', fieldType: 'number', entryType: 1, display: true, required: false, requiredMessage: '请输入卫数' },
  { key: 'face', fieldName: '朝向', fieldType: 'select', entryType: 1, display: true, required: false, requiredMessage: '请选择朝向' },
  {
    key: 'intDeco',
    fieldName: '装修程度',
    fieldType: 'select',
    entryType: 1,
    display: true,
    required: false,
    requiredMessage: '请选择装修程度',
  },
  {
    key: 'buildYear',
    fieldName: '建成年代',
    fieldType: 'number',
    entryType: 1,
    display: true,
    required: false,
    requiredMessage: '请输入建成年代',
  },
  {
    key: 'bldgType',
    fieldName: '建筑类型',
    fieldType: 'select',
    entryType: 1,
    display: true,
    required: false,
    requiredMessage: '请选择建筑类型',
  },
  {
    key: 'indoStru',
    fieldName: '室内结构',
    fieldType: 'select',
    entryType: 1,
    display: true,
    required: false,
    requiredMessage: '请选择室内结构',
  },
  {
    key: 'bldgstruCode',
    fieldName: '建筑结构',
    fieldType: 'select',
    entryType: 1,
    display: true,
    required: false,
    requiredMessage: '请选择建筑结构',
  },
];

export const EVAL_FIELD_BY_KEY: ReadonlyMap<string, EvalFieldDefinition> = new Map(EVAL_FIELDS.map((f) => [f.key, f]));
