/**
 * Print style of the PDF report. Page size A4; the margins and the page-number footer belong to
 * the renderer, so @page sets no margin. On screen the document shows as a sheet.
 */
/**
 * TrueType CJK first: Chromium embeds it as a compact font subset, where the CFF-based Noto CJK
 * fonts become Type 3 glyphs that take twice as long to print and make the PDF several times larger.
 */
export const REPORT_FONT = '"WenQuanYi Micro Hei", "Noto Sans CJK SC", "WenQuanYi Zen Hei", sans-serif';

export const REPORT_CSS = `
@page { size: A4; }
* { box-sizing: border-box; font-synthesis: none; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body {
  margin: 0;
  font-family: ${REPORT_FONT};
  font-size: 10.5pt;
  line-height: 1.65;
  color: #1d2733;
  background: #fff;
}
@media screen {
  body { background: #e9edf2; padding: 24px 0; }
  .sheet { width: 210mm; margin: 0 auto; padding: 18mm 16mm; background: #fff; box-shadow: 0 1px 6px rgba(0, 0, 0, 0.12); }
}
h1, h2, h3 { margin: 0; }
/*
 * Bold: the report font has no bold face, and Chromium prints a synthesised bold as Type 3 glyphs
 * (slower to print, twice the PDF size), so no weight is synthesised; a shadow of the text 0.03em
 * to its right thickens it as much and keeps it in the embedded TrueType subset.
 */
h1, h2, h3, strong, b, .cover-top .issuer-name, table.data th, .result .value { font-weight: 400; text-shadow: 0.03em 0 0 currentColor; }
.sub-title .note, .poi-column h3 .count, .result .unit { text-shadow: none; }
p { margin: 0; }

/* Cover */
.cover { height: 258mm; display: flex; flex-direction: column; break-after: page; }
.cover-top { display: flex; justify-content: space-between; align-items: flex-end; font-size: 9.5pt; color: #5b6675; padding-bottom: 2.5mm; border-bottom: 1.6pt solid #1f4e8c; }
.cover-top .issuer-name { font-size: 11pt; color: #1f4e8c; letter-spacing: 0.08em; }
.cover-rule { border-top: 0.5pt solid #1f4e8c; margin-top: 0.8mm; }
.cover-title { margin-top: 42mm; text-align: center; }
.cover-title h1 { font-size: 30pt; letter-spacing: 0.18em; color: #14263d; line-height: 1.3; }
.cover-title .kind { margin-top: 5mm; font-size: 12pt; color: #5b6675; letter-spacing: 0.3em; }
.cover-subject { margin: 22mm auto 0; width: 150mm; border-collapse: collapse; font-size: 11.5pt; }
.cover-subject th { width: 27mm; text-align: justify; text-align-last: justify; font-weight: 400; color: #5b6675; padding: 2.6mm 4mm 2.6mm 0; vertical-align: top; white-space: nowrap; }
.cover-subject td { padding: 2.6mm 0 2.6mm 3mm; border-bottom: 0.5pt solid #b8c2cf; }
.cover-bottom { margin-top: auto; display: flex; align-items: flex-end; justify-content: space-between; gap: 8mm; padding-top: 5mm; border-top: 0.5pt solid #c9d1dc; }
.cover-verify { display: flex; align-items: center; gap: 4mm; }
.cover-verify .qr { width: 26mm; height: 26mm; flex: none; display: block; }
.cover-verify .caption { font-size: 10pt; color: #1d2733; }
.cover-verify .url { font-size: 8pt; color: #5b6675; word-break: break-all; font-family: ${REPORT_FONT}; }
.cover-issuer { text-align: right; font-size: 11pt; line-height: 1.8; }
.cover-issuer .date { color: #5b6675; }

/* Sections */
.section { margin-top: 6mm; }
.table-block { margin-top: 4mm; break-inside: avoid; }
.table-block.breakable, .table-block.breakable table.data { break-inside: auto; }
.legend-columns { display: flex; gap: 6mm; }
.cover + .section { margin-top: 0; }
.section-title { font-size: 13.5pt; color: #14263d; padding-bottom: 1.5mm; margin-bottom: 3.5mm; border-bottom: 0.6pt solid #c9d1dc; position: relative; break-after: avoid; }
.section-title::after { content: ""; position: absolute; left: 0; bottom: -0.6pt; width: 18mm; border-bottom: 1.6pt solid #1f4e8c; }
.sub-title { font-size: 11pt; color: #14263d; margin: 4mm 0 2mm; break-after: avoid; }
.sub-title .note { font-weight: 400; font-size: 9pt; color: #6b7480; margin-left: 2mm; }
.keep { break-inside: avoid; }
.muted { color: #6b7480; }
.small { font-size: 9pt; }
.lead { margin-bottom: 3mm; }

/* Tables */
table { border-collapse: collapse; width: 100%; }
table.info { font-size: 10pt; table-layout: fixed; break-inside: avoid; }
table.info col.info-label { width: 27mm; }
table.info th, table.info td { border: 0.5pt solid #cfd6df; padding: 1.1mm 2.4mm; line-height: 1.5; vertical-align: top; text-align: left; }
table.info th { background: #f3f6f9; color: #3f4b59; font-weight: 400; white-space: nowrap; }
table.info td { word-break: break-all; }
table.data { font-size: 9.5pt; break-inside: avoid; }
table.data thead { display: table-header-group; }
table.data tr { break-inside: avoid; }
table.data th { background: #eef2f7; color: #2b3644; border-top: 1pt solid #1f4e8c; border-bottom: 0.6pt solid #9fb0c4; padding: 1.3mm 2mm; text-align: left; white-space: nowrap; line-height: 1.5; }
table.data td { border-bottom: 0.5pt solid #dde3ea; padding: 1.1mm 2mm; vertical-align: top; line-height: 1.5; }
table.data tbody tr:nth-child(even) td { background: #fafbfc; }
table.data tbody:last-child tr:last-child td { border-bottom: 0.8pt solid #9fb0c4; }
table.data tbody.keep-rows { break-inside: avoid; }
table.data .center { text-align: center; }
table.data .right { text-align: right; font-variant-numeric: tabular-nums; }
table.data .nowrap, span.nowrap { white-space: nowrap; }
table.data td.address { font-size: 8.5pt; color: #5b6675; }
table.data .sub { display: block; font-size: 8pt; color: #7a8390; line-height: 1.4; }

/* Valuation result */
.result { display: flex; border: 0.6pt solid #c9d1dc; border-top: 1.6pt solid #1f4e8c; background: #f7f9fc; margin-bottom: 3.5mm; break-inside: avoid; }
.result .figure { flex: 1; padding: 3.5mm 5mm; }
.result .figure + .figure { border-left: 0.5pt solid #d5dce5; }
.result .label { font-size: 9.5pt; color: #5b6675; }
.result .value { font-size: 22pt; color: #1f4e8c; line-height: 1.25; font-variant-numeric: tabular-nums; }
.result .value.secondary { font-size: 16pt; color: #1d2733; }
.result .unit { font-size: 10.5pt; font-weight: 400; color: #3f4b59; margin-left: 1.2mm; }
.result .value.class-value { font-size: 16pt; color: #1d2733; }
.result .figure.with-range { flex: 1.3; }
.result .range { margin-top: 1.5mm; padding-top: 1mm; border-top: 0.5pt dashed #c9d1dc; line-height: 1.35; }
.result .range-line { margin-top: 1mm; }
.result .range-label { display: block; font-size: 8pt; color: #5b6675; }
.result .range-value { display: block; font-size: 10.5pt; color: #1d2733; white-space: nowrap; font-variant-numeric: tabular-nums; }

/* Charts */
.figure-block { break-inside: avoid; margin: 1mm 0 2mm; }
.figure-head { display: flex; justify-content: space-between; align-items: baseline; font-size: 9.5pt; color: #5b6675; margin-bottom: 1.5mm; }
.figure-head strong { color: #1d2733; }
.figure-caption { text-align: center; font-size: 9pt; color: #6b7480; margin-top: 1.5mm; }
svg.chart { display: block; width: 100%; height: auto; overflow: visible; }
svg.chart text { font-family: ${REPORT_FONT}; }
.split { display: flex; gap: 6mm; align-items: center; break-inside: avoid; }
.split > .chart-cell { flex: none; }
.split > .side { flex: 1; min-width: 0; }
.radar-cell { width: 88mm; }
.donut-cell { width: 46mm; }
.map-cell { width: 68mm; }
.legend-table td { padding: 1mm 2mm; border-bottom: 0.5pt solid #e3e8ee; font-size: 9.5pt; }
.legend-table td.right { text-align: right; font-variant-numeric: tabular-nums; }
.swatch { display: inline-block; width: 3mm; height: 3mm; margin-right: 2mm; vertical-align: -0.3mm; }
.no-data { border: 0.5pt dashed #c9d1dc; background: #fafbfc; color: #8a929c; text-align: center; padding: 8mm 0; font-size: 10.5pt; break-inside: avoid; }
.change-up { color: #b42318; }
.change-down { color: #1a7f5a; }

/* Surroundings */
.poi-columns { display: flex; gap: 4mm; break-inside: avoid; }
.poi-column { flex: 1; min-width: 0; border: 0.5pt solid #cfd6df; }
.poi-column h3 { font-size: 10.5pt; background: #f3f6f9; padding: 1.5mm 3mm; border-bottom: 0.5pt solid #cfd6df; color: #14263d; }
.poi-column h3 .count { font-weight: 400; font-size: 8.5pt; color: #6b7480; margin-left: 1.5mm; }
.poi-column ul { list-style: none; margin: 0; padding: 1mm 3mm 1.5mm; }
.poi-column li { padding: 1.2mm 0; border-bottom: 0.5pt dotted #d5dce5; font-size: 9.5pt; line-height: 1.45; }
.poi-column li:last-child { border-bottom: none; }
.poi-column .poi-row { display: flex; justify-content: space-between; gap: 2mm; }
.poi-column .poi-name { min-width: 0; overflow-wrap: anywhere; }
.poi-column .poi-where { flex: none; color: #6b7480; font-size: 8.5pt; }
.poi-column .routes { font-size: 8pt; color: #5b6675; }
.poi-column .empty { color: #8a929c; text-align: center; padding: 5mm 0; }

/* Statement and signatures */
.statement { white-space: pre-line; text-align: justify; font-size: 10pt; line-height: 1.8; border: 0.5pt solid #d5dce5; background: #fafbfc; padding: 3.5mm 5mm; }
.signature { margin-top: 8mm; break-inside: avoid; }
.signature .sign-text { white-space: pre-line; line-height: 1.9; }
.signers { display: flex; gap: 12mm; margin-top: 4mm; }
.signer { display: flex; align-items: flex-end; gap: 2mm; }
.signer .sign-label { white-space: nowrap; padding-bottom: 1mm; }
.signer .sign-space { width: 42mm; height: 16mm; border-bottom: 0.6pt solid #5b6675; display: flex; align-items: flex-end; justify-content: center; }
.signer .sign-space img { max-width: 40mm; max-height: 15mm; display: block; }
.issued { position: relative; margin: 12mm 0 0 auto; width: 78mm; min-height: 34mm; text-align: right; line-height: 2; font-size: 11pt; }
.issued .seal { position: absolute; right: 6mm; top: -13mm; width: 40mm; height: 40mm; object-fit: contain; mix-blend-mode: multiply; opacity: 0.92; }

/* Appendix */
.appendix { break-before: page; }
.appendix-item { break-inside: avoid; text-align: center; margin-top: 6mm; }
.appendix-item img { max-width: 100%; max-height: 105mm; border: 0.5pt solid #cfd6df; padding: 1.5mm; background: #fff; }
.appendix-item .caption { margin-top: 2mm; font-size: 10pt; color: #3f4b59; }

/* On screen the page breaks of the cover and the appendix show as dashed rules. */
@media screen {
  .cover + .section, .appendix { margin-top: 14mm; padding-top: 10mm; border-top: 1px dashed #c9d1dc; }
}
`;
