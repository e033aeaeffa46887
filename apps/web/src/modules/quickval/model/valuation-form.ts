import type { EvalFieldItem } from '@valuation/contracts';
import {
  checkValuationRequest,
  DICTIONARIES,
  FLOORLESS_BUILDING_TYPES,
  RESIDENTIAL,
  ValuationMsg,
  type FieldSetting,
} from '@valuation/domain';
import type { ChosenCity, ChosenCommunity, MarkedPoint } from '../../../app/session/valuation-session';

/** What the user typed or chose; every value is text until the request is built. */
export interface ValuationFormValues {
  bldgArea: string;
  floor: string;
  bheight: string;
  buildNo: string;
  unit: string;
  roomNo: string;
  br: string;
  lr: string;
  ba: string;
  face: string;
  intDeco: string;
  buildYear: string;
  bldgType: string;
  indoStru: string;
  bldgstruCode: string;
  principalCode: string;
  principal: string;
  owner: string;
  cardAddress: string;
  businessTypeId: string;
}

export type FormField = keyof ValuationFormValues;

export const EMPTY_VALUES: ValuationFormValues = {
  bldgArea: '',
  floor: '',
  bheight: '',
  buildNo: '',
  unit: '',
  roomNo: '',
  br: '',
  lr: '',
  ba: '',
  face: '',
  intDeco: '',
  buildYear: '',
  bldgType: '',
  indoStru: '',
  bldgstruCode: '',
  principalCode: '',
  principal: '',
  owner: '',
  cardAddress: '',
  businessTypeId: '',
};

/** Fields of the expandable precise-valuation section, in display order. */
export const PRECISE_FIELDS: readonly FormField[] = [
  'buildNo',
  'unit',
  'roomNo',
  'br',
  'lr',
  'ba',
  'face',
  'intDeco',
  'buildYear',
  'bldgType',
  'indoStru',
  'bldgstruCode',
];

/** Configurable fields shown after the precise section. */
export const EXTRA_FIELDS: readonly FormField[] = ['principalCode', 'principal', 'owner', 'cardAddress', 'businessTypeId'];

/** What is being valued: a community picked from the search or the map, or a point marked on the map. */
export type ValuationSubject = { kind: 'community'; community: ChosenCommunity } | { kind: 'point'; point: MarkedPoint };

export interface ValuationContext {
  city: ChosenCity;
  propType: number;
  subject: ValuationSubject;
  businessName?: string;
}

export function isFloorHidden(values: Pick<ValuationFormValues, 'bldgType'>): boolean {
  return FLOORLESS_BUILDING_TYPES.includes(values.bldgType);
}

/** Non-residential property counts 间 without halls; room, hall and bath values start again. */
export function withPropType(values: ValuationFormValues, propType: number, previous: number): ValuationFormValues {
  if ((propType === RESIDENTIAL) === (previous === RESIDENTIAL)) return values;
  return { ...values, br: '', lr: '', ba: '' };
}

/** Building types 21, 22 and 23 have no floor of their own: the floor is cleared. */
export function withBuildingType(values: ValuationFormValues, bldgType: string): ValuationFormValues {
  const next = { ...values, bldgType };
  return isFloorHidden(next) ? { ...next, floor: '' } : next;
}

/** The field settings the shared check takes, from the api/eval-field/list answer. */
export function fieldSettings(items: readonly EvalFieldItem[] | undefined): FieldSetting[] {
  return (items ?? []).map((f) => ({ key: f.fieldKey, display: f.display, required: f.required }));
}

/** The JSON body of POST api/eval/rapid. */
export function toValuationRequest(values: ValuationFormValues, ctx: ValuationContext): Record<string, unknown> {
  const { subject } = ctx;
  return {
    ...values,
    floor: isFloorHidden(values) ? '' : values.floor,
    lr: ctx.propType === RESIDENTIAL ? values.lr : '',
    cityCode: ctx.city.cityCode,
    cityName: ctx.city.city,
    propType: ctx.propType,
    haInfo: subject.kind === 'community' ? { haCode: subject.community.haCode, haName: subject.community.haName } : null,
    gpsInfo: subject.kind === 'point' ? { coord: subject.point.coord, coordType: 'bd09ll' } : null,
    cardAddress: values.cardAddress || (subject.kind === 'point' ? subject.point.address : ''),
    business: ctx.businessName ?? '',
  };
}

export interface FormProblem {
  field: FormField | 'city' | 'address';
  message: string;
}

const FIELD_OF: Readonly<Record<string, FormProblem['field']>> = {
  cityCode: 'city',
  haInfo: 'address',
  gpsInfo: 'address',
  propType: 'address',
};

/**
 * The first problem in the specification's order, by the same check the server runs, so the
 * form and the API always agree on what is wrong and say it in the same words.
 */
export function firstProblem(
  values: ValuationFormValues,
  ctx: ValuationContext,
  fields: readonly EvalFieldItem[] | undefined,
): FormProblem | null {
  const result = checkValuationRequest(toValuationRequest(values, ctx), fieldSettings(fields));
  if (result.ok) return null;
  return { field: (FIELD_OF[result.field] ?? result.field) as FormProblem['field'], message: result.message };
}

const firstCode = (type: keyof typeof DICTIONARIES, skip: readonly string[] = []) =>
  DICTIONARIES[type].find((e) => !skip.includes(e.dictCode))!.dictCode;

/**
 * A value of each form field that passes its own check (and keeps the floor shown), put in place
 * of a field found wrong so that the check can go on to the next one.
 */
const PASSING: Readonly<Record<FormField, string>> = {
  bldgArea: '90',
  floor: '1',
  bheight: '50',
  buildNo: '1',
  unit: '1',
  roomNo: '1',
  br: '1',
  lr: '1',
  ba: '1',
  face: firstCode('face'),
  intDeco: firstCode('intDeco'),
  buildYear: '2000',
  bldgType: firstCode('bldgType', FLOORLESS_BUILDING_TYPES),
  indoStru: firstCode('indoStru'),
  bldgstruCode: firstCode('bldgStru'),
  principalCode: 'x',
  principal: 'x',
  owner: 'x',
  cardAddress: 'x',
  businessTypeId: '1',
};

/**
 * Every problem of the form at once, in the specification's order (one per field), by the same
 * check as firstProblem: a city or address problem comes alone, since nothing else is checked
 * before it is fixed.
 */
export function allProblems(
  values: ValuationFormValues,
  ctx: ValuationContext,
  fields: readonly EvalFieldItem[] | undefined,
): FormProblem[] {
  const settings = fieldSettings(fields);
  let request: Record<string, unknown> = { ...toValuationRequest(values, ctx) };
  const problems: FormProblem[] = [];
  for (;;) {
    const result = checkValuationRequest(request, settings);
    if (result.ok) return problems;
    const field = (FIELD_OF[result.field] ?? result.field) as FormProblem['field'];
    if (problems.some((p) => p.field === field)) return problems;
    problems.push({ field, message: result.message });
    if (!(field in PASSING)) return problems;
    request = { ...request, [field]: PASSING[field as FormField] };
  }
}

/** Total floors below the floor, checked when the total floors field loses focus. */
export function totalFloorsProblem(values: ValuationFormValues): string | null {
  if (isFloorHidden(values) || !/^-?\d+$/.test(values.floor.trim()) || !/^\d+$/.test(values.bheight.trim())) return null;
  return Number(values.bheight) < Number(values.floor) ? ValuationMsg.totalFloorsBelowFloor : null;
}

/** The area is cleared when it is not a valid area (the specification's behaviour). */
export function clearsArea(problem: FormProblem | null): boolean {
  return problem?.field === 'bldgArea' && problem.message === ValuationMsg.areaInvalid;
}
