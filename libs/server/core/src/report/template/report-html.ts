import type { ReportDocument, ReportImageType } from '@valuation/contracts';
import { EVAL_TYPE_LABELS, reportVisibility } from '@valuation/domain';
import { chineseDate, chineseNumber, escapeHtml, isInlineImage } from './report-html-utils';
import {
  aroundSection,
  communitySection,
  distributionSection,
  nearbySection,
  propertyLine,
  propertySection,
  resultSection,
  samplesSection,
  statementSection,
  supplySection,
  trendSection,
  weightsSection,
  type ReportSection,
} from './report-sections';
import { REPORT_CSS } from './report-styles';

/** What the report prints besides its document: the configuration images and the QR code. */
export interface ReportAssets {
  /** Images of the report configuration as data: URIs, by image type. */
  images: Partial<Record<ReportImageType, string>>;
  /** SVG of the QR code that opens the verification page (see qrSvg). */
  qrSvg: string;
}

const VERIFY_CAPTION = '扫描二维码验证报告真伪';

function image(assets: ReportAssets, type: ReportImageType, alt: string, className = ''): string {
  const uri = assets.images[type];
  return isInlineImage(uri) ? `<img${className ? ` class="${className}"` : ''} src="${escapeHtml(uri)}" alt="${escapeHtml(alt)}">` : '';
}

function cover(doc: ReportDocument, assets: ReportAssets): string {
  const r = doc.result.record;
  const rows: [string, string][] = [
    ['估价对象', propertyLine(r)],
    ['估价类型', `${EVAL_TYPE_LABELS[r.evalType] ?? ''}估价`],
    ...(r.principal ? ([['委托方', r.principal]] as [string, string][]) : []),
    ['出具单位', doc.branding.issuer],
    ['报告编号', doc.reportCode],
    ['报告日期', chineseDate(doc.reportDate)],
  ];
  return (
    '<section class="cover">' +
    `<div class="cover-top"><span class="issuer-name">${escapeHtml(doc.branding.issuer)}</span><span>报告编号：${escapeHtml(doc.reportCode)}</span></div>` +
    '<div class="cover-rule"></div>' +
    `<div class="cover-title"><h1>${escapeHtml(doc.branding.reportName)}</h1></div>` +
    `<table class="cover-subject"><tbody>${rows.map(([label, value]) => `<tr><th>${escapeHtml(label)}</th><td>${escapeHtml(value) || '--'}</td></tr>`).join('')}</tbody></table>` +
    '<div class="cover-bottom">' +
    `<div class="cover-verify">${assets.qrSvg}<div><div class="caption">${VERIFY_CAPTION}</div><div class="url">${escapeHtml(doc.verifyUrl)}</div></div></div>` +
    `<div class="cover-issuer"><div>${escapeHtml(doc.branding.issuer)}</div><div class="date">${escapeHtml(chineseDate(doc.reportDate))}</div></div>` +
    '</div>' +
    '</section>'
  );
}

/** Advisory reports: the signature text, the appraisers' signatures and the seal over the issuer and date. */
function signature(doc: ReportDocument, assets: ReportAssets): string {
  const signer = (type: ReportImageType) =>
    `<div class="signer"><span class="sign-label">估价师（签字）：</span><span class="sign-space">${image(assets, type, '估价师签字')}</span></div>`;
  const sign = doc.branding.reportSign.trim();
  return (
    '<div class="signature">' +
    (sign ? `<div class="sign-text">${escapeHtml(sign)}</div>` : '') +
    `<div class="signers">${signer(3)}${signer(4)}</div>` +
    `<div class="issued">${image(assets, 5, '报告专用章', 'seal')}<div>${escapeHtml(doc.branding.issuer)}</div><div>${escapeHtml(chineseDate(doc.reportDate))}</div></div>` +
    '</div>'
  );
}

/** Advisory reports: the business licence and the certificate on a page of their own; nothing without them. */
function appendix(assets: ReportAssets): string {
  const items = [
    { type: 1 as const, caption: '营业执照' },
    { type: 2 as const, caption: '资质证书' },
  ].filter((i) => isInlineImage(assets.images[i.type]));
  if (items.length === 0) return '';
  return (
    '<section class="appendix"><h2 class="section-title">附件</h2>' +
    items
      .map(
        (i, k) =>
          `<div class="appendix-item">${image(assets, i.type, i.caption)}<div class="caption">附件${chineseNumber(k + 1)}：${i.caption}</div></div>`,
      )
      .join('') +
    '</section>'
  );
}

/** The sections the report shows, in order: the method blacklists leave some out. */
export function reportSections(doc: ReportDocument): ReportSection[] {
  const r = doc.result.record;
  const show = reportVisibility(r.method);
  const sections: (ReportSection | null)[] = [
    propertySection(r),
    resultSection(r, doc.appraisal ?? null),
    show.samples ? samplesSection(doc.result.samples, r.evalType) : null,
    communitySection(doc.community),
    distributionSection(doc.distribution, r),
    show.radar ? weightsSection(doc.result.betas) : null,
    trendSection(doc.trend, r.evalType),
    supplySection(doc.supply, doc.roomTypes, r.propType, r.evalType),
    show.nearbyPrices ? nearbySection(doc.nearby, r) : null,
    aroundSection(doc.around),
    statementSection(doc.branding.reportStatement),
  ];
  return sections.filter((s): s is ReportSection => s !== null);
}

/**
 * The formal report as one self-contained HTML page for headless Chromium: no scripts, nothing
 * loaded from outside (charts are inline SVG, images data: URIs). Every text of the document is
 * escaped.
 */
export function renderReportHtml(doc: ReportDocument, assets: ReportAssets): string {
  const advisory = doc.reportType === 2;
  const sections = reportSections(doc)
    .map((s, i, all) => {
      const tail = advisory && i === all.length - 1 ? signature(doc, assets) : '';
      const head = `<div class="keep"><h2 class="section-title">${chineseNumber(i + 1)}、${escapeHtml(s.title)}</h2>${s.body}</div>`;
      return `<section class="section">${head}${s.more ?? ''}${tail}</section>`;
    })
    .join('');
  return (
    '<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8">' +
    `<title>${escapeHtml(doc.branding.reportName)} ${escapeHtml(doc.reportCode)}</title>` +
    `<style>${REPORT_CSS}</style></head><body><main class="sheet">` +
    cover(doc, assets) +
    sections +
    (advisory ? appendix(assets) : '') +
    '</main></body></html>'
  );
}
