/** The numbered sections of the PDF report, each as a title and its HTML body. */
import type {
  AroundPoi,
  CommunityAround,
  CommunityDetail,
  EvalBeta,
  ReportAppraisal,
  EvalRecord,
  EvalSample,
  EvalTrend,
  EvalType,
  MonthSeries,
  NearbyCommunity,
  PriceDistribution,
  RoomTypeSeries,
} from '@valuation/contracts';
import {
  accuracyClassSentence,
  confidenceInfo,
  EMPTY_FIGURE,
  EVAL_TYPE_LABELS,
  evalPriceUnit,
  floorLabel,
  formatArea,
  formatCompactPrice,
  formatGrouped,
  formatMeters,
  formatPercent,
  formatPriceRange,
  formatReportTotalPrice,
  formatReportUnitPrice,
  layoutLabel,
  methodLabel,
  PRICE_RANGE_LABELS,
  REPORT_LIMITS,
  ReportMsg,
  roomTypeLabel,
  TREND_MIN_MONTH_CASES,
  TREND_VOLATILE_NOTE,
  trendSourceLabel,
  unitPriceUnit,
  withUnit,
} from '@valuation/domain';
import { PUBLISHED_ACCURACY, publishedDataSetOf, type PublishedAccuracy } from '@valuation/valuation';
import {
  distanceLabel,
  distributionChart,
  distributionMarkerIndex,
  donutChart,
  nearbyMap,
  radarChart,
  SLICE_COLORS,
  supplyChart,
  trendChart,
  weightPercent,
} from './report-charts';
import { dataTable, escapeHtml, infoTable, noDataBlock, textOrEmpty, type InfoItem } from './report-html-utils';

export interface ReportSection {
  title: string;
  /** Printed on the same page as the title. */
  body: string;
  /** Blocks that may start on the next page. */
  more?: string;
}

const isSet = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/** Building, unit and room as 3栋2单元1502室. */
export function buildingLabel(r: Pick<EvalRecord, 'buildNo' | 'unit' | 'roomNo'>): string {
  return [r.buildNo && `${r.buildNo}栋`, r.unit && `${r.unit}单元`, r.roomNo && `${r.roomNo}室`].filter(Boolean).join('');
}

/** The property in one line: city, community, address and room. */
export function propertyLine(r: EvalRecord): string {
  const address = r.location ?? r.cardAddress;
  const parts = [r.cityName, r.haName, address && address !== r.haName ? address : null, buildingLabel(r)];
  return parts.filter((p): p is string => Boolean(p && p.trim())).join(' ');
}

function changeSpan(percent: number | null | undefined): string {
  const cls = !isSet(percent) || Number(percent.toFixed(2)) === 0 ? '' : percent > 0 ? 'change-up' : 'change-down';
  return `<span class="${cls}">${escapeHtml(formatPercent(percent))}</span>`;
}

export function propertySection(r: EvalRecord): ReportSection {
  const items: InfoItem[] = [
    { label: '城市', value: textOrEmpty(r.cityName) },
    { label: '小区', value: textOrEmpty(r.haName) },
    { label: '证载地址', value: textOrEmpty(r.cardAddress), wide: true },
    { label: '坐落', value: textOrEmpty([r.location, buildingLabel(r)].filter(Boolean).join(' ')), wide: true },
    { label: '物业类型', value: textOrEmpty(r.proprtname) },
    { label: '建筑面积', value: isSet(r.bldgArea) ? `${escapeHtml(formatArea(r.bldgArea))} ㎡` : EMPTY_FIGURE },
    { label: '楼层/总楼层', value: textOrEmpty(floorLabel(r.floor, r.bheight)) },
    { label: '户型', value: textOrEmpty(layoutLabel(r.br, r.lr, r.ba)) },
    { label: '朝向', value: textOrEmpty(r.faceName) },
    { label: '装修', value: textOrEmpty(r.intdecoName) },
    { label: '建成年代', value: r.buildYear ? `${escapeHtml(r.buildYear)}年` : EMPTY_FIGURE },
    { label: '建筑类型', value: textOrEmpty(r.bldgTypeName) },
    { label: '建筑结构', value: textOrEmpty(r.bldgstruName) },
    { label: '估价编号', value: textOrEmpty(r.evalCode) },
    { label: '委托方', value: textOrEmpty(r.principal) },
    { label: '产权人', value: textOrEmpty(r.owner) },
    { label: '客户编号', value: textOrEmpty(r.principalCode) },
    { label: '业务类型', value: textOrEmpty(r.businessTypeName) },
  ];
  return { title: '估价对象基本情况', body: infoTable(items) };
}

/** The engine's measured range under its value: the 68 % and 95 % ranges and the FSD. */
function rangeLines(r: EvalRecord): string {
  const text = formatPriceRange(r.range, r.evalType);
  const line = (label: string, value: string) =>
    `<div class="range-line"><span class="range-label">${escapeHtml(label)}</span><span class="range-value">${escapeHtml(value)}</span></div>`;
  return `<div class="range">${line(PRICE_RANGE_LABELS.likely, text.likely)}${line(PRICE_RANGE_LABELS.wide, text.wide)}${line(PRICE_RANGE_LABELS.fsd, text.fsd)}</div>`;
}

function resultBox(r: EvalRecord, third: { label: string; value: string }, withRange = false): string {
  const t = r.evalType;
  const figure = (label: string, value: string, unit: string, className = '', extra = '') =>
    `<div class="figure${extra ? ' with-range' : ''}"><div class="label">${escapeHtml(label)}</div><div class="value ${className}">${escapeHtml(value)}${value === EMPTY_FIGURE || !unit ? '' : `<span class="unit">${escapeHtml(unit)}</span>`}</div>${extra}</div>`;
  return (
    '<div class="result">' +
    figure(
      t === 2 ? '估价租金' : '估价总价',
      formatReportTotalPrice(r.totalPrice, t),
      evalPriceUnit(t),
      '',
      withRange ? rangeLines(r) : '',
    ) +
    figure('估价单价', formatReportUnitPrice(r.unitPrice, t), unitPriceUnit(t), 'secondary') +
    figure(third.label, third.value, '', 'class-value') +
    '</div>'
  );
}

/** The value an appraiser gave in answer to a manual enquiry or re-appraisal, with the reply. */
function appraisalResultSection(r: EvalRecord, a: ReportAppraisal): ReportSection {
  const t = r.evalType;
  const items: InfoItem[] = [
    { label: '估价方法', value: textOrEmpty(methodLabel(r.method)) },
    { label: '估价类型', value: textOrEmpty(EVAL_TYPE_LABELS[t]) },
    { label: '估价时点', value: textOrEmpty(a.reviewTime ?? r.evalDate) },
    { label: '估价师', value: textOrEmpty(a.appraiserName) },
    { label: `${a.kindName}编号`, value: textOrEmpty(a.caseNo) },
  ];
  if (isSet(a.originalPrice))
    items.push({ label: '原估价', value: escapeHtml(withUnit(formatReportTotalPrice(a.originalPrice, t), evalPriceUnit(t))) });
  items.push({ label: '估价说明', value: textOrEmpty(a.reply), wide: true });
  return { title: '估价结果', body: resultBox(r, { label: '估价方式', value: a.kindName }) + infoTable(items) };
}

/**
 * The measured error of a sale value's confidence class in the latest published backtest of the
 * full file, in one sentence; null for rents (the backtest values sales) and for classes it has no figures of.
 */
export function classAccuracyStatement(
  r: Pick<EvalRecord, 'evalType' | 'confidenceClass'>,
  published: PublishedAccuracy = PUBLISHED_ACCURACY,
): string | null {
  const cls = r.confidenceClass?.toUpperCase();
  const full = publishedDataSetOf(published);
  if (r.evalType !== 1 || !cls || !full) return null;
  const group = full.groups.find((g) => g.cls === cls);
  return group ? accuracyClassSentence(cls, full, group.overall) : null;
}

/** The statement as HTML: the file name, engine version and date of the backtest are never broken across lines. */
function classAccuracyHtml(statement: string): string {
  const full = publishedDataSetOf(PUBLISHED_ACCURACY)!;
  return [full.file, full.engineVersion, full.measuredOn]
    .map(escapeHtml)
    .reduce((html, token) => html.replace(token, `<span class="nowrap">${token}</span>`), escapeHtml(statement));
}

export function resultSection(r: EvalRecord, appraisal: ReportAppraisal | null = null): ReportSection {
  if (appraisal) return appraisalResultSection(r, appraisal);
  const t = r.evalType;
  const confidence = confidenceInfo(r.confidenceClass);
  const box = resultBox(r, { label: '置信等级', value: confidence ? confidence.label : EMPTY_FIGURE }, true);
  const unitPrice = (v: number | null) => escapeHtml(withUnit(formatReportUnitPrice(v, t), unitPriceUnit(t)));
  const items: InfoItem[] = [
    { label: '估价方法', value: textOrEmpty(methodLabel(r.method)) },
    { label: '估价类型', value: textOrEmpty(EVAL_TYPE_LABELS[t]) },
    { label: '估价时点', value: textOrEmpty(r.evalDate) },
    { label: '样本数量', value: isSet(r.sampleCount) ? `${escapeHtml(formatGrouped(r.sampleCount))} 个` : EMPTY_FIGURE },
    { label: '样本最高单价', value: unitPrice(r.samplePriceMax) },
    { label: '样本最低单价', value: unitPrice(r.samplePriceMin) },
    { label: '样本平均单价', value: unitPrice(r.samplePriceAvg) },
    { label: '置信等级', value: textOrEmpty(confidence?.label) },
  ];
  if (isSet(r.riskTotalPrice) || isSet(r.riskCoefficient)) {
    items.push(
      { label: '风险调整后价值', value: escapeHtml(withUnit(formatReportTotalPrice(r.riskTotalPrice, t), evalPriceUnit(t))) },
      { label: '风控系数', value: escapeHtml(formatGrouped(r.riskCoefficient, 2)) },
    );
  }
  if (confidence) items.push({ label: '置信说明', value: escapeHtml(confidence.description), wide: true });
  const measured = classAccuracyStatement(r);
  if (measured) items.push({ label: '回测准确度', value: classAccuracyHtml(measured), wide: true });
  return { title: '估价结果', body: box + infoTable(items) };
}

/** The day of a case's offer time; a time of day adds nothing to the table. */
const offerDate = (time: string | null) => (time && /^\d{4}-\d{2}-\d{2}/.test(time) ? time.slice(0, 10) : time);

export function samplesSection(samples: readonly EvalSample[], t: EvalType): ReportSection {
  const rows = samples.slice(0, REPORT_LIMITS.sampleCases);
  const body =
    rows.length === 0
      ? noDataBlock(ReportMsg.noData)
      : `<p class="lead muted small">本次估价参考的可比案例（列示${REPORT_LIMITS.sampleCases}个以内）：</p>` +
        dataTable(rows, [
          { title: '序号', align: 'center', cell: (_, i) => String(i + 1) },
          { title: '小区名称', cell: (s) => textOrEmpty(s.haName) },
          { title: '建筑面积（㎡）', align: 'right', cell: (s) => escapeHtml(formatArea(s.areaSize)) },
          { title: '楼层', align: 'center', className: 'nowrap', cell: (s) => textOrEmpty(floorLabel(s.floor, s.bheight)) },
          { title: '户型', align: 'center', className: 'nowrap', cell: (s) => textOrEmpty(layoutLabel(s.br, s.lr, s.ba)) },
          { title: '挂牌/成交时间', align: 'center', className: 'nowrap', cell: (s) => textOrEmpty(offerDate(s.offerTime)) },
          {
            title: `${t === 2 ? '租金' : '总价'}（${evalPriceUnit(t)}）`,
            align: 'right',
            cell: (s) => escapeHtml(formatReportTotalPrice(s.totalPrice, t)),
          },
          { title: `单价（${unitPriceUnit(t)}）`, align: 'right', cell: (s) => escapeHtml(formatReportUnitPrice(s.unitPrice, t)) },
        ]);
  return { title: '案例分析', body };
}

export function communitySection(d: CommunityDetail | null): ReportSection {
  if (!d) return { title: '小区概况', body: noDataBlock(ReportMsg.noData) };
  const amount = (v: number | null, unit: string) => (isSet(v) ? `${escapeHtml(formatGrouped(v))}${unit}` : EMPTY_FIGURE);
  const priceWithRise = (price: number | null, t: EvalType, rise: number | null) =>
    isSet(price)
      ? `${escapeHtml(withUnit(formatReportUnitPrice(price, t), unitPriceUnit(t)))}${isSet(rise) ? `<span class="small muted">　环比 </span>${changeSpan(rise)}` : ''}`
      : EMPTY_FIGURE;
  const parking = d.carItem.map((c) => `${c.type} ${formatGrouped(c.qnt)}个`).join('，');
  const items: InfoItem[] = [
    { label: '小区名称', value: textOrEmpty(d.haName) },
    { label: '所在区域', value: textOrEmpty([d.distName, d.streetName].filter(Boolean).join(' ')) },
    { label: '小区地址', value: textOrEmpty(d.address), wide: true },
    { label: '售价均价', value: priceWithRise(d.price, 1, d.priceRise) },
    { label: '租金均价', value: priceWithRise(d.leasePrice, 2, d.leasePriceRise) },
    { label: '建成年代', value: d.buildyear ? `${escapeHtml(d.buildyear)}年` : EMPTY_FIGURE },
    { label: '物业类型', value: textOrEmpty(d.haClName) },
    { label: '建筑类型', value: textOrEmpty(d.bldgType) },
    { label: '土地用途', value: textOrEmpty(d.landuse) },
    { label: '总户数', value: amount(d.households, '户') },
    { label: '车位', value: textOrEmpty(parking) },
    { label: '建筑面积', value: amount(d.constArea, ' ㎡') },
    { label: '占地面积', value: amount(d.groundArea, ' ㎡') },
    { label: '容积率', value: isSet(d.volumeRate) ? escapeHtml(formatGrouped(d.volumeRate, 2)) : EMPTY_FIGURE },
    { label: '绿化率', value: isSet(d.greeningRate) ? `${escapeHtml(formatGrouped(d.greeningRate, 2))}%` : EMPTY_FIGURE },
    { label: '开发商', value: textOrEmpty(d.devCoName), wide: true },
    { label: '物业公司', value: textOrEmpty(d.wyCoName), wide: true },
  ];
  return { title: '小区概况', body: infoTable(items) };
}

export function distributionSection(dist: PriceDistribution, r: EvalRecord): ReportSection {
  const t = r.evalType;
  const total = dist.rows.reduce((sum, row) => sum + row.data, 0);
  const marker = distributionMarkerIndex(dist.rows, dist.stepSize, r.unitPrice);
  const where =
    marker === null
      ? ''
      : `，位于 ${escapeHtml(formatCompactPrice(dist.rows[marker].step))}–${escapeHtml(formatCompactPrice(dist.rows[marker].step + dist.stepSize))} 区间`;
  const head =
    total > 0
      ? `<div class="figure-head"><span>近${REPORT_LIMITS.distributionYears}年${t === 2 ? '出租' : '出售'}案例单价分布，共 ${escapeHtml(formatGrouped(total))} 个案例</span>` +
        `<span>本房产单价 <strong>${escapeHtml(withUnit(formatReportUnitPrice(r.unitPrice, t), unitPriceUnit(t)))}</strong>${where}</span></div>`
      : '';
  return { title: '价格分布', body: `<div class="figure-block">${head}${distributionChart(dist, r.unitPrice, t)}</div>` };
}

export function weightsSection(betas: readonly EvalBeta[]): ReportSection {
  if (betas.length === 0) return { title: '特征影响权重', body: noDataBlock(ReportMsg.noData) };
  const max = Math.max(...betas.map((b) => b.value), 0.0001);
  const legend =
    '<table class="legend-table"><tbody>' +
    betas
      .map(
        (b) =>
          `<tr><td>${escapeHtml(b.title)}</td><td style="width:34mm"><span class="swatch" style="width:${Math.max(0.5, (b.value / max) * 30).toFixed(1)}mm;background:#8eaed6"></span></td><td class="right">${escapeHtml(weightPercent(b.value))}</td></tr>`,
      )
      .join('') +
    '</tbody></table>';
  const body =
    `<div class="split"><div class="chart-cell radar-cell">${radarChart(betas)}</div>` +
    `<div class="side"><p class="small muted lead">各特征对本次估价结果的影响程度，权重合计为100%。</p>${legend}</div></div>`;
  return { title: '特征影响权重', body };
}

/** The trend of the valuation: the chart and, above it, the 环比/同比 of its last point, all from one series. */
export function trendSection(trend: EvalTrend, t: EvalType): ReportSection {
  const last = trend.series.at(-1);
  const smoothed = trend.series.some((p) => p.smoothed);
  const head = last
    ? `<div class="figure-head"><span>近${REPORT_LIMITS.trendYears}年${trendSourceLabel(trend.source)}${t === 2 ? '租金' : '售价'}均价月度走势</span>` +
      `<span>${escapeHtml(last.month)} 均价 <strong>${escapeHtml(withUnit(formatReportUnitPrice(last.value, t), unitPriceUnit(t)))}</strong>` +
      `　环比 ${changeSpan(ratioPercent(trend.X))}　同比 ${changeSpan(ratioPercent(trend.R))}</span></div>`
    : '';
  const note =
    (trend.volatile ? `<p class="small muted">注：${TREND_VOLATILE_NOTE}。</p>` : '') +
    (smoothed ? `<p class="small muted">注：案例不足${TREND_MIN_MONTH_CASES}套的月份按与前几个月合并的均价计。</p>` : '');
  return { title: '价格走势', body: `<div class="figure-block">${head}${trendChart(trend, t)}${note}</div>` };
}

const ratioPercent = (ratio: number | null): number | null => (ratio === null ? null : ratio * 100);

export function supplySection(supply: MonthSeries, roomTypes: RoomTypeSeries, propType: number, t: EvalType): ReportSection {
  const total = supply.rows.reduce((sum, r) => sum + r.data, 0);
  const supplyHead =
    total > 0
      ? `<div class="figure-head"><span>近${REPORT_LIMITS.trendYears}年小区${t === 2 ? '出租' : '出售'}案例月度数量</span><span>合计 <strong>${escapeHtml(formatGrouped(total))}</strong> 套，月均 ${escapeHtml(formatGrouped(total / Math.max(1, supply.rows.length), 1))} 套</span></div>`
      : '';
  const rows = roomTypes.rows.filter((r) => r.data > 0 && r.br >= 1);
  const merged = new Map<string, number>();
  for (const r of rows) merged.set(roomTypeLabel(r.br, propType), (merged.get(roomTypeLabel(r.br, propType)) ?? 0) + r.data);
  const slices = [...merged.entries()].map(([label, value], i) => ({ label, value, color: SLICE_COLORS[i % SLICE_COLORS.length] }));
  const sum = slices.reduce((s, x) => s + x.value, 0);
  const legendTable = (part: typeof slices) =>
    '<table class="legend-table"><tbody>' +
    part
      .map(
        (s) =>
          `<tr><td><span class="swatch" style="background:${s.color}"></span>${escapeHtml(s.label)}</td><td class="right">${escapeHtml(formatGrouped((s.value / sum) * 100, 2))}%</td></tr>`,
      )
      .join('') +
    '</tbody></table>';
  // Many room counts are listed in two columns beside the donut.
  const half = Math.ceil(slices.length / 2);
  const legend =
    slices.length > 8
      ? `<div class="legend-columns">${legendTable(slices.slice(0, half))}${legendTable(slices.slice(half))}</div>`
      : legendTable(slices);
  const rooms =
    slices.length === 0
      ? noDataBlock(ReportMsg.noData)
      : `<div class="split"><div class="chart-cell donut-cell">${donutChart(slices, '户型占比')}</div><div class="side">${legend}</div></div>`;
  return {
    title: '供应量',
    body: `<div class="figure-block">${supplyHead}${supplyChart(supply)}</div>`,
    more: `<div class="keep"><h3 class="sub-title">户型占比<span class="note">近${REPORT_LIMITS.roomTypeYears}年${t === 2 ? '出租' : '出售'}案例</span></h3>${rooms}</div>`,
  };
}

/** Longer tables may continue on the next page (rows stay whole, the header repeats). */
const LONG_TABLE_ROWS = 12;

export function nearbySection(nearby: readonly NearbyCommunity[], r: EvalRecord): ReportSection {
  if (nearby.length === 0) return { title: '周边小区价格', body: noDataBlock(ReportMsg.noData) };
  const center = isSet(r.gpsLon) && isSet(r.gpsLat) ? { lon: r.gpsLon, lat: r.gpsLat } : null;
  const prices = nearby.map((c) => c.price).filter(isSet);
  const summary =
    `<p>估价对象周边${escapeHtml(distanceLabel(REPORT_LIMITS.nearbyDistance))}范围内共有 <strong>${nearby.length}</strong> 个小区。</p>` +
    (prices.length > 0
      ? `<p>售价均价介于 ${escapeHtml(formatReportUnitPrice(Math.min(...prices), 1))} 至 ${escapeHtml(formatReportUnitPrice(Math.max(...prices), 1))} 元/㎡，` +
        `平均 <strong>${escapeHtml(formatReportUnitPrice(prices.reduce((a, b) => a + b, 0) / prices.length, 1))}</strong> 元/㎡。</p>`
      : '') +
    (isSet(r.unitPrice)
      ? `<p>估价对象单价 <strong>${escapeHtml(withUnit(formatReportUnitPrice(r.unitPrice, r.evalType), unitPriceUnit(r.evalType)))}</strong>。</p>`
      : '') +
    '<p class="small muted" style="margin-top:3mm">左图以估价对象为中心、上方为北，虚线圈为距离刻度；图中编号与下表序号对应，位置为示意。</p>';
  const table = dataTable(
    nearby,
    [
      { title: '序号', align: 'center', cell: (_, i) => String(i + 1) },
      { title: '小区名称', cell: (c) => textOrEmpty(c.haName) },
      { title: '地址', className: 'address', cell: (c) => textOrEmpty(c.address) },
      { title: '方位', align: 'center', className: 'nowrap', cell: (c) => textOrEmpty(c.direction) },
      { title: '距离', align: 'right', className: 'nowrap', cell: (c) => escapeHtml(formatMeters(c.distance)) },
      { title: '售价均价（元/㎡）', align: 'right', className: 'nowrap', cell: (c) => escapeHtml(formatReportUnitPrice(c.price, 1)) },
      {
        title: '租金均价（元/月/㎡）',
        align: 'right',
        className: 'nowrap',
        cell: (c) => escapeHtml(formatReportUnitPrice(c.leasePrice, 2)),
      },
    ],
    { keepFirst: 6 },
  );
  return {
    title: '周边小区价格',
    body: `<div class="split"><div class="chart-cell map-cell">${nearbyMap(nearby, center)}</div><div class="side">${summary}</div></div>`,
    more: `<div class="table-block${nearby.length > LONG_TABLE_ROWS ? ' breakable' : ''}">${table}</div>`,
  };
}

const MAX_POIS = 8;

function poiColumn(title: string, items: readonly AroundPoi[], extra?: (i: number) => string): string {
  const list =
    items.length === 0
      ? `<div class="empty">${escapeHtml(ReportMsg.noData)}</div>`
      : '<ul>' +
        items
          .slice(0, MAX_POIS)
          .map(
            (p, i) =>
              `<li><div class="poi-row"><span class="poi-name">${textOrEmpty(p.name)}</span><span class="poi-where">${escapeHtml([p.direction, formatMeters(p.distance)].filter(Boolean).join(' '))}</span></div>${extra?.(i) ?? ''}</li>`,
          )
          .join('') +
        '</ul>';
  const count = `${distanceLabel(REPORT_LIMITS.nearbyDistance)}内 ${items.length} 处${items.length > MAX_POIS ? `，列示最近 ${MAX_POIS} 处` : ''}`;
  return `<div class="poi-column"><h3>${escapeHtml(title)}<span class="count">${escapeHtml(count)}</span></h3>${list}</div>`;
}

export function aroundSection(around: CommunityAround): ReportSection {
  if (around.transport.length + around.education.length + around.medical.length === 0)
    return { title: '周边配套', body: noDataBlock(ReportMsg.noData) };
  const routes = (i: number) => {
    const names = around.transport[i].routes.map((r) => r.routeName).filter(Boolean);
    return names.length > 0 ? `<div class="routes">${escapeHtml(names.join('、'))}</div>` : '';
  };
  return {
    title: '周边配套',
    body: `<div class="poi-columns">${poiColumn('交通', around.transport, routes)}${poiColumn('教育', around.education)}${poiColumn('医疗', around.medical)}</div>`,
  };
}

export function statementSection(statement: string): ReportSection {
  const text = statement.trim();
  return { title: '估价声明', body: text ? `<div class="statement">${escapeHtml(text)}</div>` : noDataBlock(EMPTY_FIGURE) };
}
