import { PROPERTY_TYPE_LABELS } from '@valuation/domain';

/** The house information of the valuation form (cityCode and a community name or certificate address). */
export type AgencyHouseInfo = Record<string, unknown> & { cityCode: string };

export interface AgencyRequestValues {
  reportType: 0 | 1;
  customerName: string;
  customerPhone: string;
  remark: string;
  /** 1 sale, 2 rent. */
  evalType: 1 | 2;
}

/** The multipart body of POST api/org/req: the fields, houseInfo as JSON text and the files. */
export function agencyRequestForm(values: AgencyRequestValues, houseInfo: AgencyHouseInfo, files: readonly File[]): FormData {
  const form = new FormData();
  form.append('reportType', String(values.reportType));
  form.append('customerName', values.customerName.trim());
  form.append('customerPhone', values.customerPhone.trim());
  form.append('remark', values.remark.trim());
  form.append('evalType', String(values.evalType));
  form.append('houseInfo', JSON.stringify(houseInfo));
  for (const f of files) form.append('files', f, f.name);
  return form;
}

const textOf = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : '');

/** What the modal shows of the property: city, community, certificate address, type, area and floor. */
export function agencyHouseSummary(h: AgencyHouseInfo): { label: string; value: string }[] {
  const ha = h.haInfo !== null && typeof h.haInfo === 'object' ? (h.haInfo as Record<string, unknown>) : {};
  const area = textOf(h.bldgArea);
  const floor = textOf(h.floor);
  const total = textOf(h.bheight);
  const propType = Number(h.propType);
  const rows = [
    { label: '城市', value: textOf(h.cityName) },
    { label: '小区', value: textOf(ha.haName) },
    { label: '证载地址', value: textOf(h.cardAddress) },
    { label: '物业类型', value: PROPERTY_TYPE_LABELS[propType] ?? '' },
    { label: '建筑面积', value: area ? `${area}㎡` : '' },
    { label: '楼层', value: floor || total ? `${floor || '--'}/${total || '--'}` : '' },
  ];
  return rows.filter((r) => r.value !== '');
}
