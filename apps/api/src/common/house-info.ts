import { dictName } from '@valuation/domain';

/** Text of a request field, or null when blank. */
export const houseText = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** A whole number of a request field (number or numeric text), or null. */
export function houseInt(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isInteger(n) ? n : null;
}

const code = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : null);

/**
 * The property fields of a request's house information (the valuation form's fields, as stored
 * with a manual enquiry or an institution valuation), with the dictionary codes named.
 */
export function houseInfoFields(h: Record<string, unknown>) {
  return {
    principal: houseText(h.principal),
    owner: houseText(h.owner),
    buildNo: houseText(h.buildNo),
    unit: houseText(h.unit),
    roomNo: houseText(h.roomNo),
    br: houseInt(h.br),
    lr: houseInt(h.lr),
    ba: houseInt(h.ba),
    floor: houseInt(h.floor),
    bheight: houseInt(h.bheight),
    buildYear: houseInt(h.buildYear),
    faceName: dictName('face', code(h.face)),
    intdecoName: dictName('intDeco', code(h.intDeco)),
    indoStruName: dictName('indoStru', code(h.indoStru)),
    bldgTypeName: dictName('bldgType', code(h.bldgType)),
    bldgstruName: dictName('bldgStru', code(h.bldgStru)),
  };
}
