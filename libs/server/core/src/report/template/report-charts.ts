/**
 * Inline SVG charts of the PDF report, computed on the server. Every builder is pure: data in,
 * SVG markup out. The width of a full-width chart is the A4 text width in CSS pixels, so one
 * SVG unit prints at about one CSS pixel and the font sizes below are what the reader sees.
 */
import type { EvalBeta, EvalTrend, EvalType, MonthSeries, NearbyCommunity, PriceDistribution } from '@valuation/contracts';
import {
  formatCompactPrice,
  formatGrouped,
  formatMeters,
  formatReportUnitPrice,
  REPORT_LIMITS,
  ReportMsg,
  unitPriceUnit,
  trendSourceLabel,
} from '@valuation/domain';
import { escapeHtml } from './report-html-utils';

export const FULL_WIDTH = 672;

export const CHART_COLORS = {
  brand: '#1f4e8c',
  bar: '#8eaed6',
  marker: '#c0622a',
  grid: '#e4e8ee',
  axis: '#9aa3ae',
  text: '#4b5563',
  muted: '#8a929c',
} as const;

/** Colours of the room-type slices, in order. */
export const SLICE_COLORS = [
  '#1f4e8c',
  '#5b86c0',
  '#9dbbe0',
  '#c0622a',
  '#e3a472',
  '#4f8a80',
  '#97c1b8',
  '#6f64a0',
  '#b6afd6',
  '#8a8f98',
  '#c4c8ce',
  '#a0522d',
  '#d8b26e',
  '#2f6f9f',
  '#7aa6c2',
];

const r1 = (v: number) => Math.round(v * 10) / 10;

function svg(width: number, height: number, label: string, body: string, className = ''): string {
  return `<svg class="chart ${className}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${escapeHtml(label)}">${body}</svg>`;
}

function text(x: number, y: number, content: string, attrs = ''): string {
  return `<text x="${r1(x)}" y="${r1(y)}"${attrs ? ` ${attrs}` : ''}>${escapeHtml(content)}</text>`;
}

/**
 * Bold text of `fontSize`: drawn twice, the copy 0.03em to the right (see the bold rule of the
 * report styles: a synthesised bold prints as Type 3 glyphs).
 */
function boldText(x: number, y: number, content: string, fontSize: number, attrs: string): string {
  const sized = `font-size="${fontSize}" ${attrs}`;
  return text(x, y, content, sized) + text(x + fontSize * 0.03, y, content, `${sized} aria-hidden="true"`);
}

/** The frame of a chart without data, the size of the chart it stands for. */
export function emptyChart(width: number, height: number, message: string = ReportMsg.noData): string {
  const body =
    `<rect x="0.5" y="0.5" width="${width - 1}" height="${height - 1}" rx="4" fill="#fafbfc" stroke="${CHART_COLORS.grid}" stroke-dasharray="4 3"/>` +
    text(width / 2, height / 2 + 5, message, `text-anchor="middle" font-size="14" fill="${CHART_COLORS.muted}"`);
  return svg(width, height, message, body, 'chart-empty');
}

function niceStep(raw: number): number {
  if (!(raw > 0)) return 1;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const f = raw / pow;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 2.5 ? 2.5 : f <= 5 ? 5 : 10) * pow;
}

/** A rounded axis range with about `count` steps; integer steps when `integer`. */
export function niceScale(min: number, max: number, count = 4, integer = false): { min: number; max: number; ticks: number[] } {
  let lo = min;
  let hi = max;
  if (!(hi > lo)) {
    const pad = Math.abs(hi) * 0.05 || 1;
    lo -= pad;
    hi += pad;
  }
  let step = niceStep((hi - lo) / count);
  if (integer) step = Math.max(1, Math.round(step));
  const start = Math.floor(lo / step) * step;
  const end = Math.ceil(hi / step) * step;
  const ticks: number[] = [];
  for (let v = start; v <= end + step / 2; v += step) ticks.push(Number(v.toFixed(6)));
  return { min: start, max: end, ticks };
}

/**
 * Every how many categories an x axis shows a label: the specification thins labels beyond
 * 40 months, and the labels must also not touch at the printed size.
 */
export function axisLabelStep(count: number, plotWidth: number, labelWidth: number): number {
  const bySpec = count > REPORT_LIMITS.maxAxisLabels ? Math.ceil(count / REPORT_LIMITS.maxAxisLabels) : 1;
  const byWidth = count > 0 ? Math.ceil(labelWidth / (plotWidth / count)) : 1;
  return Math.max(1, bySpec, byWidth);
}

/** Index of the bucket [step, step + stepSize) that holds the price; null when none does. */
export function distributionMarkerIndex(
  rows: PriceDistribution['rows'],
  stepSize: number,
  price: number | null | undefined,
): number | null {
  if (price === null || price === undefined || !Number.isFinite(price) || !(stepSize > 0)) return null;
  const index = rows.findIndex((r) => price >= r.step && price < r.step + stepSize);
  return index >= 0 ? index : null;
}

function yAxis(ticks: number[], scaleY: (v: number) => number, left: number, right: number, format: (v: number) => string): string {
  return ticks
    .map((t) => {
      const y = scaleY(t);
      return (
        `<line x1="${left}" x2="${right}" y1="${r1(y)}" y2="${r1(y)}" stroke="${CHART_COLORS.grid}" stroke-width="1"/>` +
        text(left - 6, y + 3.5, format(t), `text-anchor="end" font-size="10" fill="${CHART_COLORS.text}"`)
      );
    })
    .join('');
}

function legendItem(x: number, y: number, kind: 'box' | 'dash' | 'line', color: string, label: string): { svg: string; width: number } {
  const mark =
    kind === 'box'
      ? `<rect x="${x}" y="${y - 8}" width="10" height="10" fill="${color}"/>`
      : kind === 'dash'
        ? `<line x1="${x + 5}" x2="${x + 5}" y1="${y - 10}" y2="${y + 3}" stroke="${color}" stroke-width="1.5" stroke-dasharray="3 2"/>`
        : `<line x1="${x}" x2="${x + 14}" y1="${y - 3}" y2="${y - 3}" stroke="${color}" stroke-width="2"/><circle cx="${x + 7}" cy="${y - 3}" r="2.5" fill="#fff" stroke="${color}" stroke-width="1.5"/>`;
  const markWidth = kind === 'line' ? 18 : 14;
  return {
    svg: mark + text(x + markWidth, y + 1, label, `font-size="10.5" fill="${CHART_COLORS.text}"`),
    width: markWidth + label.length * 10.5 + 18,
  };
}

/** A row of legend items ending at the right edge. */
function legend(items: { kind: 'box' | 'dash' | 'line'; color: string; label: string }[], right: number, y: number): string {
  const widths = items.map((i) => legendItem(0, 0, i.kind, i.color, i.label).width);
  let x = right - widths.reduce((a, b) => a + b, 0) + 18;
  return items
    .map((i, k) => {
      const item = legendItem(x, y, i.kind, i.color, i.label);
      x += widths[k];
      return item.svg;
    })
    .join('');
}

/**
 * Cases by unit price bucket with the subject's bucket in the accent colour and a dashed line
 * at its exact unit price.
 */
export function distributionChart(dist: PriceDistribution, unitPrice: number | null, evalType: EvalType): string {
  const W = FULL_WIDTH;
  const H = 236;
  const rows = dist.rows;
  if (rows.length === 0 || !(dist.stepSize > 0) || rows.every((r) => !r.data)) return emptyChart(W, H);
  const m = { left: 44, right: 14, top: 42, bottom: 44 };
  const plotW = W - m.left - m.right;
  const plotH = H - m.top - m.bottom;
  const n = rows.length;
  const bw = plotW / n;
  // Headroom above the tallest bar keeps its count clear of the price label.
  const scale = niceScale(0, Math.max(...rows.map((r) => r.data)) * 1.1, 4, true);
  const y = (v: number) => m.top + plotH - (v / scale.max) * plotH;
  const marker = distributionMarkerIndex(rows, dist.stepSize, unitPrice);
  const unit = unitPriceUnit(evalType);

  const bars = rows
    .map((r, i) => {
      const x = m.left + i * bw + bw * 0.1;
      const top = y(r.data);
      const isMarker = i === marker;
      const bar = `<rect class="bar${isMarker ? ' bar-marker' : ''}" x="${r1(x)}" y="${r1(top)}" width="${r1(bw * 0.8)}" height="${r1(m.top + plotH - top)}" fill="${isMarker ? CHART_COLORS.marker : CHART_COLORS.bar}"/>`;
      // The marker's count sits inside its bar, clear of the dashed price line above it.
      const inside = isMarker && m.top + plotH - top > 18;
      const countX = x + bw * 0.4;
      const count =
        n <= 24 && r.data > 0
          ? inside
            ? boldText(countX, top + 13, String(r.data), 9.5, 'text-anchor="middle" fill="#fff"')
            : text(countX, top - 4, String(r.data), `text-anchor="middle" font-size="9.5" fill="${CHART_COLORS.text}"`)
          : '';
      return bar + count;
    })
    .join('');

  const labelStep = axisLabelStep(n + 1, plotW, 40);
  const xLabels = Array.from({ length: n + 1 }, (_, i) => i)
    .filter((i) => i % labelStep === 0)
    .map((i) => {
      const x = m.left + i * bw;
      const value = i < n ? rows[i].step : rows[n - 1].step + dist.stepSize;
      return (
        `<line x1="${r1(x)}" x2="${r1(x)}" y1="${m.top + plotH}" y2="${m.top + plotH + 4}" stroke="${CHART_COLORS.axis}"/>` +
        text(x, m.top + plotH + 16, formatCompactPrice(value), `text-anchor="middle" font-size="10" fill="${CHART_COLORS.text}"`)
      );
    })
    .join('');

  let markerLine = '';
  if (marker !== null && unitPrice !== null) {
    const x = m.left + marker * bw + ((unitPrice - rows[marker].step) / dist.stepSize) * bw;
    const label = `本房产 ${formatReportUnitPrice(unitPrice, evalType)}${unit}`;
    const labelWidth = label.length * 7 + 8;
    const anchor = x + labelWidth / 2 > W - m.right ? 'end' : x - labelWidth / 2 < m.left ? 'start' : 'middle';
    markerLine =
      `<line class="price-marker" x1="${r1(x)}" x2="${r1(x)}" y1="${m.top - 10}" y2="${m.top + plotH}" stroke="${CHART_COLORS.marker}" stroke-width="1.5" stroke-dasharray="4 3"/>` +
      boldText(
        anchor === 'end' ? x - 4 : anchor === 'start' ? x + 4 : x,
        m.top - 14,
        label,
        10.5,
        `text-anchor="${anchor}" fill="${CHART_COLORS.marker}"`,
      );
  }

  const body =
    text(m.left - 6, 14, '案例数（套）', `text-anchor="start" font-size="10" fill="${CHART_COLORS.muted}"`) +
    legend(
      [
        { kind: 'box', color: CHART_COLORS.bar, label: '案例数' },
        { kind: 'box', color: CHART_COLORS.marker, label: '本房产所在区间' },
        { kind: 'dash', color: CHART_COLORS.marker, label: '本房产单价' },
      ],
      W - m.right,
      14,
    ) +
    yAxis(scale.ticks, y, m.left, W - m.right, (v) => formatGrouped(v)) +
    bars +
    `<line x1="${m.left}" x2="${W - m.right}" y1="${m.top + plotH}" y2="${m.top + plotH}" stroke="${CHART_COLORS.axis}"/>` +
    xLabels +
    markerLine +
    text(W - m.right, H - 6, `单价区间（${unit}）`, `text-anchor="end" font-size="10" fill="${CHART_COLORS.muted}"`);
  return svg(W, H, '价格分布', body);
}

/** Month labels of a monthly axis, the last month always labelled. */
function monthLabelIndexes(count: number, plotWidth: number): number[] {
  const step = axisLabelStep(count, plotWidth, 46);
  return Array.from({ length: count }, (_, i) => i).filter((i) => (count - 1 - i) % step === 0);
}

/** The monthly average unit price of the valuation's trend as a line; without a series 暂无数据. */
export function trendChart(trend: EvalTrend, evalType: EvalType): string {
  const W = FULL_WIDTH;
  const H = 214;
  const rows = trend.series.map((p) => ({ month: p.month, data: p.value }));
  if (rows.length < REPORT_LIMITS.minTrendPoints) return emptyChart(W, H);
  const m = { left: 52, right: 20, top: 30, bottom: 30 };
  const plotW = W - m.left - m.right;
  const plotH = H - m.top - m.bottom;
  const values = rows.map((r) => r.data);
  const scale = niceScale(Math.min(...values), Math.max(...values), 4);
  const dx = plotW / (rows.length - 1);
  const x = (i: number) => m.left + i * dx;
  const y = (v: number) => m.top + plotH - ((v - scale.min) / (scale.max - scale.min)) * plotH;
  const points = rows.map((r, i) => `${r1(x(i))},${r1(y(r.data))}`);
  const area = `<polygon points="${r1(x(0))},${m.top + plotH} ${points.join(' ')} ${r1(x(rows.length - 1))},${m.top + plotH}" fill="${CHART_COLORS.brand}" fill-opacity="0.07"/>`;
  const line = `<polyline class="trend-line" points="${points.join(' ')}" fill="none" stroke="${CHART_COLORS.brand}" stroke-width="2" stroke-linejoin="round"/>`;
  const dots =
    rows.length <= 36
      ? rows
          .map(
            (r, i) =>
              `<circle cx="${r1(x(i))}" cy="${r1(y(r.data))}" r="2.4" fill="#fff" stroke="${CHART_COLORS.brand}" stroke-width="1.4"/>`,
          )
          .join('')
      : '';
  const last = rows[rows.length - 1];
  // The figure of the last month goes on the side of its point the line does not come from.
  const fromAbove = rows[rows.length - 2].data > last.data && y(last.data) + 17 < m.top + plotH - 2;
  const lastLabel = boldText(
    x(rows.length - 1),
    y(last.data) + (fromAbove ? 17 : -9),
    formatReportUnitPrice(last.data, evalType),
    10.5,
    `text-anchor="end" fill="${CHART_COLORS.brand}"`,
  );
  const xLabels = monthLabelIndexes(rows.length, plotW)
    .map(
      (i) =>
        `<line x1="${r1(x(i))}" x2="${r1(x(i))}" y1="${m.top + plotH}" y2="${m.top + plotH + 4}" stroke="${CHART_COLORS.axis}"/>` +
        text(x(i), m.top + plotH + 16, rows[i].month, `text-anchor="middle" font-size="10" fill="${CHART_COLORS.text}"`),
    )
    .join('');
  const body =
    text(m.left - 6, 14, `均价（${unitPriceUnit(evalType)}）`, `font-size="10" fill="${CHART_COLORS.muted}"`) +
    legend(
      [{ kind: 'line', color: CHART_COLORS.brand, label: `${trendSourceLabel(trend.source)}${evalType === 2 ? '租金' : '售价'}均价` }],
      W - m.right,
      14,
    ) +
    yAxis(scale.ticks, y, m.left, W - m.right, formatCompactPrice) +
    area +
    line +
    dots +
    lastLabel +
    `<line x1="${m.left}" x2="${W - m.right}" y1="${m.top + plotH}" y2="${m.top + plotH}" stroke="${CHART_COLORS.axis}"/>` +
    xLabels;
  return svg(W, H, '价格走势', body);
}

/** Cases offered per month as bars; a series without any case shows 暂无数据. */
export function supplyChart(series: MonthSeries): string {
  const W = FULL_WIDTH;
  const H = 176;
  const rows = series.rows;
  if (rows.length === 0 || rows.every((r) => !r.data)) return emptyChart(W, H);
  const m = { left: 44, right: 14, top: 30, bottom: 30 };
  const plotW = W - m.left - m.right;
  const plotH = H - m.top - m.bottom;
  const n = rows.length;
  const bw = plotW / n;
  const scale = niceScale(0, Math.max(...rows.map((r) => r.data)), 4, true);
  const y = (v: number) => m.top + plotH - (v / scale.max) * plotH;
  const barWidth = Math.min(bw * 0.66, 22);
  const bars = rows
    .map((r, i) => {
      const cx = m.left + (i + 0.5) * bw;
      const top = y(r.data);
      const count =
        n <= 36 && r.data > 0 ? text(cx, top - 4, String(r.data), `text-anchor="middle" font-size="9" fill="${CHART_COLORS.text}"`) : '';
      return (
        `<rect class="bar" x="${r1(cx - barWidth / 2)}" y="${r1(top)}" width="${r1(barWidth)}" height="${r1(m.top + plotH - top)}" fill="${CHART_COLORS.bar}"/>` +
        count
      );
    })
    .join('');
  const xLabels = monthLabelIndexes(n, plotW)
    .map((i) =>
      text(m.left + (i + 0.5) * bw, m.top + plotH + 16, rows[i].month, `text-anchor="middle" font-size="10" fill="${CHART_COLORS.text}"`),
    )
    .join('');
  const body =
    text(m.left - 6, 14, '案例数（套）', `font-size="10" fill="${CHART_COLORS.muted}"`) +
    legend([{ kind: 'box', color: CHART_COLORS.bar, label: '月度案例数' }], W - m.right, 14) +
    yAxis(scale.ticks, y, m.left, W - m.right, (v) => formatGrouped(v)) +
    bars +
    `<line x1="${m.left}" x2="${W - m.right}" y1="${m.top + plotH}" y2="${m.top + plotH}" stroke="${CHART_COLORS.axis}"/>` +
    xLabels;
  return svg(W, H, '供应量', body);
}

/** Percentage of a weight (0..1) with 2 decimals, without a sign. */
export const weightPercent = (value: number) => `${formatGrouped(value * 100, 2)}%`;

/** The feature weights as a radar, one vertex per weight; fewer than 3 weights show 暂无数据. */
export function radarChart(betas: readonly EvalBeta[]): string {
  const W = 340;
  const H = 270;
  if (betas.length < 3) return emptyChart(W, H);
  const cx = W / 2;
  const cy = H / 2 + 2;
  const R = 86;
  const n = betas.length;
  const maxValue = Math.max(...betas.map((b) => b.value), 0.01);
  const outer = Math.min(1, Math.max(0.1, Math.ceil(maxValue * 10) / 10));
  const angle = (i: number) => -Math.PI / 2 + (i * 2 * Math.PI) / n;
  const at = (i: number, radius: number) => [cx + radius * Math.cos(angle(i)), cy + radius * Math.sin(angle(i))] as const;
  const ring = (radius: number) => betas.map((_, i) => at(i, radius).map(r1).join(',')).join(' ');

  const levels = 4;
  const grid =
    Array.from(
      { length: levels },
      (_, k) =>
        `<polygon points="${ring((R * (k + 1)) / levels)}" fill="${k === levels - 1 ? '#fafbfc' : 'none'}" stroke="${CHART_COLORS.grid}" stroke-width="1"/>`,
    )
      .reverse()
      .join('') +
    betas
      .map((_, i) => {
        const [x, yy] = at(i, R);
        return `<line x1="${cx}" y1="${cy}" x2="${r1(x)}" y2="${r1(yy)}" stroke="${CHART_COLORS.grid}" stroke-width="1"/>`;
      })
      .join('');

  const vertices = betas.map((b, i) => at(i, (Math.max(0, Math.min(b.value, outer)) / outer) * R));
  const area = `<polygon class="radar-area" points="${vertices.map((v) => v.map(r1).join(',')).join(' ')}" fill="${CHART_COLORS.brand}" fill-opacity="0.18" stroke="${CHART_COLORS.brand}" stroke-width="1.8" stroke-linejoin="round"/>`;
  const dots = vertices.map(([x, yy]) => `<circle cx="${r1(x)}" cy="${r1(yy)}" r="2.6" fill="${CHART_COLORS.brand}"/>`).join('');

  const labels = betas
    .map((b, i) => {
      const [x, yy] = at(i, R + 14);
      const c = Math.cos(angle(i));
      const s = Math.sin(angle(i));
      const anchor = c > 0.25 ? 'start' : c < -0.25 ? 'end' : 'middle';
      const top = s < -0.6 ? yy - 12 : s > 0.6 ? yy + 4 : yy - 4;
      return (
        `<text x="${r1(x)}" y="${r1(top)}" text-anchor="${anchor}" font-size="11" fill="${CHART_COLORS.text}">${escapeHtml(b.title)}` +
        `<tspan x="${r1(x)}" dy="13" font-size="9.5" fill="${CHART_COLORS.brand}">${escapeHtml(weightPercent(b.value))}</tspan></text>`
      );
    })
    .join('');
  return svg(W, H, '特征影响权重', grid + area + dots + labels, 'chart-radar');
}

export interface DonutSlice {
  label: string;
  value: number;
  color: string;
}

/** Shares as a donut; the legend with the figures is printed beside it as HTML. */
export function donutChart(slices: readonly DonutSlice[], centerLabel: string): string {
  const S = 180;
  const total = slices.reduce((sum, s) => sum + Math.max(0, s.value), 0);
  if (!(total > 0)) return emptyChart(S, S);
  const r = 62;
  const width = 30;
  const circumference = 2 * Math.PI * r;
  let offset = 0;
  const arcs = slices
    .filter((s) => s.value > 0)
    .map((s) => {
      const length = (s.value / total) * circumference;
      const arc = `<circle class="slice" cx="${S / 2}" cy="${S / 2}" r="${r}" fill="none" stroke="${s.color}" stroke-width="${width}" stroke-dasharray="${r1(length)} ${r1(circumference)}" stroke-dashoffset="${r1(-offset)}" transform="rotate(-90 ${S / 2} ${S / 2})"/>`;
      offset += length;
      return arc;
    })
    .join('');
  const separators =
    slices.filter((s) => s.value > 0).length > 1
      ? `<circle cx="${S / 2}" cy="${S / 2}" r="${r + width / 2}" fill="none" stroke="#fff" stroke-width="1"/><circle cx="${S / 2}" cy="${S / 2}" r="${r - width / 2}" fill="none" stroke="#fff" stroke-width="1"/>`
      : '';
  const center = text(S / 2, S / 2 + 4, centerLabel, `text-anchor="middle" font-size="12" fill="${CHART_COLORS.text}"`);
  return svg(S, S, centerLabel, arcs + separators + center, 'chart-donut');
}

/** A distance for labels: whole kilometres as 1公里, else as the report's distances. */
export function distanceLabel(meters: number): string {
  return meters >= 1000 && meters % 1000 === 0 ? `${meters / 1000}公里` : formatMeters(meters);
}

/** A point of the nearby map in metres east and north of the subject. */
export interface MapOffset {
  east: number;
  north: number;
}

const DIRECTION_DEGREES: Readonly<Record<string, number>> = { 东: 0, 东北: 45, 北: 90, 西北: 135, 西: 180, 西南: 225, 南: 270, 东南: 315 };

const parseLonLat = (text: string | null | undefined): { lon: number; lat: number } | null => {
  const [lon, lat] = (text ?? '').split(',').map((s) => Number(s.trim()));
  return Number.isFinite(lon) && Number.isFinite(lat) && (lon !== 0 || lat !== 0) ? { lon, lat } : null;
};

/**
 * Where a nearby community lies from the subject: from the coordinates when both are known,
 * else from its distance and compass direction; null when neither is usable.
 */
export function nearbyOffset(
  c: Pick<NearbyCommunity, 'location' | 'distance' | 'direction'>,
  center: { lon: number; lat: number } | null,
): MapOffset | null {
  const point = parseLonLat(c.location);
  if (center && point) {
    const east = (point.lon - center.lon) * 111_320 * Math.cos((center.lat * Math.PI) / 180);
    const north = (point.lat - center.lat) * 110_574;
    return { east, north };
  }
  const degrees = DIRECTION_DEGREES[(c.direction ?? '').replace(/[正方向侧]/g, '')];
  if (degrees === undefined || !Number.isFinite(c.distance) || c.distance < 0) return null;
  const rad = (degrees * Math.PI) / 180;
  return { east: c.distance * Math.cos(rad), north: c.distance * Math.sin(rad) };
}

/** Pushes overlapping markers apart so that every number stays readable. */
function spreadMarkers(points: { x: number; y: number }[], minGap: number): void {
  for (let round = 0; round < 40; round++) {
    let moved = false;
    for (let i = 0; i < points.length; i++) {
      for (let j = i + 1; j < points.length; j++) {
        const dx = points[j].x - points[i].x;
        const dy = points[j].y - points[i].y;
        const d = Math.hypot(dx, dy);
        if (d >= minGap) continue;
        const ux = d > 0.01 ? dx / d : Math.cos(i + j);
        const uy = d > 0.01 ? dy / d : Math.sin(i + j);
        const push = (minGap - d) / 2;
        points[i].x -= ux * push;
        points[i].y -= uy * push;
        points[j].x += ux * push;
        points[j].y += uy * push;
        moved = true;
      }
    }
    if (!moved) break;
  }
}

/**
 * A small map of the surroundings: the subject at the centre, distance rings, north up and the
 * nearby communities as numbered points (numbers as in the table). Points without a position are
 * left out of the map.
 */
export function nearbyMap(nearby: readonly NearbyCommunity[], center: { lon: number; lat: number } | null): string {
  const S = 300;
  const c = S / 2;
  const R = 128;
  const offsets = nearby.map((n) => nearbyOffset(n, center));
  const placed = offsets.flatMap((o, i) => (o ? [{ number: i + 1, ...o }] : []));
  if (placed.length === 0) return emptyChart(S, S);
  const farthest = Math.max(...placed.map((p) => Math.hypot(p.east, p.north)), 1);
  const ringStep = farthest <= 600 ? 200 : farthest <= 1200 ? 500 : niceStep(farthest / 3);
  const outer = Math.max(ringStep, Math.ceil(farthest / ringStep) * ringStep);
  const k = R / outer;

  const rings: string[] = [];
  for (let d = ringStep; d <= outer + 1e-6; d += ringStep) {
    const rr = d * k;
    rings.push(
      `<circle cx="${c}" cy="${c}" r="${r1(rr)}" fill="none" stroke="${CHART_COLORS.grid}" stroke-width="1" stroke-dasharray="3 3"/>` +
        text(c + rr * Math.SQRT1_2 + 3, c + rr * Math.SQRT1_2 + 10, distanceLabel(d), `font-size="9" fill="${CHART_COLORS.muted}"`),
    );
  }
  const axes =
    `<line x1="${c}" y1="${c - R - 6}" x2="${c}" y2="${c + R + 6}" stroke="${CHART_COLORS.grid}"/>` +
    `<line x1="${c - R - 6}" y1="${c}" x2="${c + R + 6}" y2="${c}" stroke="${CHART_COLORS.grid}"/>`;
  const north =
    `<path d="M${S - 22} 30 l6 -16 l6 16 l-6 -4 z" fill="${CHART_COLORS.text}"/>` +
    text(S - 16, 42, '北', `text-anchor="middle" font-size="10" fill="${CHART_COLORS.text}"`);

  const markers = placed.map((p) => ({ number: p.number, x: c + p.east * k, y: c - p.north * k }));
  markers.push({ number: 0, x: c, y: c });
  spreadMarkers(markers, 17);
  const subject = markers.pop()!;
  const points = markers
    .map(
      (p) =>
        `<g class="map-point"><circle cx="${r1(p.x)}" cy="${r1(p.y)}" r="8" fill="#fff" stroke="${CHART_COLORS.brand}" stroke-width="1.3"/>` +
        boldText(p.x, p.y + 3.3, String(p.number), 9, `text-anchor="middle" fill="${CHART_COLORS.brand}"`) +
        '</g>',
    )
    .join('');
  const self =
    `<circle cx="${r1(subject.x)}" cy="${r1(subject.y)}" r="9" fill="${CHART_COLORS.marker}" stroke="#fff" stroke-width="2"/>` +
    `<circle cx="${r1(subject.x)}" cy="${r1(subject.y)}" r="3" fill="#fff"/>` +
    boldText(subject.x, subject.y + 22, '估价对象', 10, `text-anchor="middle" fill="${CHART_COLORS.marker}"`);
  const frame = `<rect x="0.5" y="0.5" width="${S - 1}" height="${S - 1}" rx="4" fill="#fbfcfd" stroke="${CHART_COLORS.grid}"/>`;
  return svg(S, S, '周边小区位置示意', frame + axes + rings.join('') + north + points + self, 'chart-map');
}
