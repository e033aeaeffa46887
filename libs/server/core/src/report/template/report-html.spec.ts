import type { ReportDocument, ReportImageType } from '@valuation/contracts';
import { PUBLISHED_ACCURACY, publishedDataSetOf } from '@valuation/valuation';
import { renderReportHtml, type ReportAssets } from './report-html';
import { classAccuracyStatement } from './report-sections';
import { qrSvg } from './report-qr';
import { sampleReportDocument } from './report-sample';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const ALL_IMAGES: Partial<Record<ReportImageType, string>> = { 1: `${PNG}1`, 2: `${PNG}2`, 3: `${PNG}3`, 4: `${PNG}4`, 5: `${PNG}5` };

const HEADINGS = [
  '估价对象基本情况',
  '估价结果',
  '案例分析',
  '小区概况',
  '价格分布',
  '特征影响权重',
  '价格走势',
  '供应量',
  '周边小区价格',
  '周边配套',
  '估价声明',
];
const NUMERALS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十', '十一'];

function render(doc: ReportDocument, images: ReportAssets['images'] = {}): string {
  return renderReportHtml(doc, { images, qrSvg: qrSvg(doc.verifyUrl) });
}

function withMethod(method: string, type: 1 | 2 = 1): ReportDocument {
  const doc = sampleReportDocument(type);
  doc.result.record.method = method;
  return doc;
}

/** Section headings in document order, without their numbers. */
const headings = (html: string) =>
  [...html.matchAll(/<h2 class="section-title">(?:[一二三四五六七八九十]+、)?([^<]*)<\/h2>/g)].map((m) => m[1]);

describe('renderReportHtml', () => {
  it.each([1, 2] as const)('prints the cover and all eleven numbered sections of report type %s', (type) => {
    const doc = sampleReportDocument(type);
    const html = render(doc);
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain(`<h1>${doc.branding.reportName}</h1>`);
    expect(html).toContain(doc.reportCode);
    expect(html).toContain('2026年11月20日');
    expect(html).toContain(doc.branding.issuer);
    expect(html).toContain('扫描二维码验证报告真伪');
    expect(html).toContain('<svg xmlns="http://www.w3.org/2000/svg" class="qr"');
    HEADINGS.forEach((title, i) => expect(html).toContain(`<h2 class="section-title">${NUMERALS[i]}、${title}</h2>`));
    expect(headings(html).filter((h) => h !== '附件')).toEqual(HEADINGS);
  });

  it('shows the figures in the report formats', () => {
    const html = render(sampleReportDocument(1));
    expect(html).toContain('613<span class="unit">万元</span>');
    expect(html).toContain('68,420<span class="unit">元/㎡</span>');
    expect(html).toContain('89.56 ㎡');
    expect(html).toContain('综合估价法');
    expect(html).toContain('A级');
    expect(html).toContain('551万元');
    expect(html).toContain('2室1厅1卫');
    expect(html).toContain('15/26层');
    expect(html).toContain('15.8');
    expect(html).toContain('环比 <span class="change-down">-0.13%</span>');
  });

  it("states the measured error of the value's class in the published full-file backtest, beside the class", () => {
    const full = publishedDataSetOf(PUBLISHED_ACCURACY)!;
    const a = full.groups.find((g) => g.cls === 'A')!.overall;
    const sentence =
      `置信等级A：在最近一次回测（${full.file}，${a.n.toLocaleString('en-US')}套，引擎${full.engineVersion}，${full.measuredOn}）中，` +
      `中位绝对误差为${a.mdape!.toFixed(1)}%，误差在10%以内的占${a.ppe10!.toFixed(1)}%。`;
    const html = render(sampleReportDocument(1)).replace(/<span class="nowrap">([^<]*)<\/span>/g, '$1');
    expect(html).toContain(sentence);
    expect(html.indexOf(sentence)).toBeGreaterThan(html.indexOf('置信说明'));
    const classB = sampleReportDocument(1);
    classB.result.record.confidenceClass = 'B';
    expect(render(classB)).toContain('置信等级B：在最近一次回测');
    expect(classAccuracyStatement({ evalType: 2, confidenceClass: 'A' })).toBeNull();
    expect(classAccuracyStatement({ evalType: 1, confidenceClass: null })).toBeNull();
    expect(classAccuracyStatement({ evalType: 1, confidenceClass: 'A' }, { dataSets: [] })).toBeNull();
  });

  it('prints the measured range under the value as the report page does, and -- for a record without one', () => {
    const doc = sampleReportDocument(1);
    doc.result.record.range = { fsd: 0.0683, low: 5_723_000, high: 6_560_000, low95: 5_300_000, high95: 7_080_000 };
    const html = render(doc);
    expect(html).toContain(
      '<span class="range-label">估值区间（约68%的成交价落在此区间）</span><span class="range-value">572–656万元</span>',
    );
    expect(html).toContain(
      '<span class="range-label">95%区间（约95%的成交价落在此区间）</span><span class="range-value">530–708万元</span>',
    );
    expect(html).toContain('<span class="range-label">预测标准差(FSD)</span><span class="range-value">±6.8%</span>');

    doc.result.record.range = null;
    const without = render(doc);
    expect(without).toContain('<span class="range-label">估值区间（约68%的成交价落在此区间）</span><span class="range-value">--</span>');
    expect(without).not.toContain('572–656万元');
  });

  it("prints an appraiser's answer without the engine's sample figures, cases or radar", () => {
    const doc = withMethod('manual', 2);
    Object.assign(doc.result.record, { totalPrice: 5_800_000, unitPrice: 64_761.06, confidenceClass: null });
    doc.appraisal = {
      caseNo: 'RG202611220001',
      kindName: '人工复评',
      appraiserName: '王估价师',
      reviewTime: '2026-11-22 10:15:00',
      reply: '参考同楼栋<近期>成交',
      originalPrice: 6_130_000,
    };
    const html = render(doc);
    expect(html).toContain('580<span class="unit">万元</span>');
    expect(html).toContain('人工估价');
    expect(html).toContain('人工复评编号');
    expect(html).toContain('RG202611220001');
    expect(html).toContain('王估价师');
    expect(html).toContain('2026-11-22 10:15:00');
    expect(html).toContain('613万元');
    expect(html).toContain('参考同楼栋&lt;近期&gt;成交');
    expect(html).not.toContain('样本数量');
    expect(html).not.toContain('估值区间');
    expect(headings(html)).not.toContain('案例分析');
    expect(headings(html)).not.toContain('特征影响权重');
    expect(headings(html)).toContain('周边小区价格');
  });

  it('shows a rent valuation per month', () => {
    const doc = sampleReportDocument(1);
    Object.assign(doc.result.record, { evalType: 2, method: 'lease', totalPrice: 9181.3, unitPrice: 102.516 });
    const html = render(doc);
    expect(html).toContain('估价租金');
    expect(html).toContain('9,181.30<span class="unit">元/月</span>');
    expect(html).toContain('102.52<span class="unit">元/月/㎡</span>');
  });

  it('prints no signature, seal or appendix in inquiry reports, even with images', () => {
    const html = render(sampleReportDocument(1), ALL_IMAGES);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('估价师（签字）');
    expect(html).not.toContain('class="signature"');
    expect(html).not.toContain('附件');
  });

  it('signs advisory reports with the appraisers, the seal and the appendix of licence and certificate', () => {
    const doc = sampleReportDocument(2);
    const html = render(doc, ALL_IMAGES);
    expect(html).toContain(doc.branding.reportSign);
    expect(html.match(/估价师（签字）/g)).toHaveLength(2);
    for (const n of [1, 2, 3, 4, 5]) expect(html).toContain(`src="${PNG}${n}"`);
    expect(html).toMatch(/<img class="seal" src="data:image\/png;base64,iVBORw0KGgo=5"/);
    expect(html).toContain('<section class="appendix"><h2 class="section-title">附件</h2>');
    expect(html).toContain('附件一：营业执照');
    expect(html).toContain('附件二：资质证书');
    expect(html.indexOf('class="signature"')).toBeGreaterThan(html.indexOf('估价声明'));
  });

  it('leaves missing images out of advisory reports', () => {
    const none = render(sampleReportDocument(2));
    expect(none).toContain('class="signature"');
    expect(none).not.toContain('<img');
    expect(none).not.toContain('附件');

    const onlySeal = render(sampleReportDocument(2), { 5: `${PNG}5`, 2: 'https://cdn.example.com/cert.png' });
    expect(onlySeal.match(/<img/g)).toHaveLength(1);
    expect(onlySeal).not.toContain('cdn.example.com');
    expect(onlySeal).not.toContain('附件');

    const certificate = render(sampleReportDocument(2), { 2: `${PNG}2` });
    expect(certificate).toContain('附件一：资质证书');
    expect(certificate).not.toContain('营业执照');
  });

  it.each(['mraSale', 'mraLease', 'msaSale', 'msaLease'])('hides the cases and the radar for %s', (method) => {
    const html = render(withMethod(method));
    expect(headings(html)).toEqual(HEADINGS.filter((h) => h !== '案例分析' && h !== '特征影响权重'));
    expect(html).toContain('<h2 class="section-title">三、小区概况</h2>');
    expect(html).not.toContain('radar-area');
    expect(html).not.toContain('挂牌/成交时间');
    expect(html).toContain('周边小区价格');
  });

  it.each(['averageSale', 'averageLease'])('also hides the nearby prices for %s', (method) => {
    const html = render(withMethod(method, 2));
    expect(headings(html).filter((h) => h !== '附件')).toEqual(
      HEADINGS.filter((h) => !['案例分析', '特征影响权重', '周边小区价格'].includes(h)),
    );
    expect(html).not.toContain('chart-map');
    expect(html).not.toContain('望湖名邸');
    expect(html).toContain('<h2 class="section-title">八、估价声明</h2>');
  });

  it.each(['forsale', 'lease', 'fvSale', 'fvLease'])('shows cases, radar and nearby prices for %s', (method) => {
    const html = render(withMethod(method));
    expect(headings(html)).toEqual(HEADINGS);
    expect(html).toContain('radar-area');
    expect(html).toContain('chart-map');
  });

  it('escapes every text of the document', () => {
    const doc = sampleReportDocument(2);
    const r = doc.result.record;
    r.owner = '<script>alert("owner")</script>';
    r.cardAddress = 'A & B <img src=x onerror=alert(1)>';
    r.haName = '"><svg onload=alert(1)>';
    doc.branding.reportStatement = '第一条 <b>加粗</b>\n第二条 & 其他';
    doc.branding.reportSign = '<iframe src="javascript:alert(1)">';
    doc.branding.issuer = 'Tom & Jerry <估价>';
    doc.result.betas[0].title = '<i>面积</i>';
    doc.nearby[0].haName = '<u>近邻</u>';
    doc.around.transport[0].routes = [{ routeName: '<script>x</script>' }];
    doc.verifyUrl = 'https://report.example.cn/verify/X?a=1&b="2"';
    const html = render(doc, ALL_IMAGES);
    expect(html).toContain('&lt;script&gt;alert(&quot;owner&quot;)&lt;/script&gt;');
    expect(html).toContain('A &amp; B &lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&quot;&gt;&lt;svg onload=alert(1)&gt;');
    expect(html).toContain('第一条 &lt;b&gt;加粗&lt;/b&gt;\n第二条 &amp; 其他');
    expect(html).toContain('&lt;iframe src=&quot;javascript:alert(1)&quot;&gt;');
    expect(html).toContain('Tom &amp; Jerry &lt;估价&gt;');
    expect(html).toContain('&lt;i&gt;面积&lt;/i&gt;');
    expect(html).toContain('&lt;u&gt;近邻&lt;/u&gt;');
    expect(html).toContain('https://report.example.cn/verify/X?a=1&amp;b=&quot;2&quot;');
    expect(html).not.toMatch(/<script|<iframe|<img src=x|<svg onload|<b>|<i>|<u>/i);
  });

  it.each([1, 2] as const)('asks for no synthesised bold in report type %s, which Chromium prints as Type 3 glyphs', (type) => {
    const html = render(sampleReportDocument(type), ALL_IMAGES);
    expect(html).toContain('font-synthesis: none');
    expect(html).not.toMatch(/font-weight:\s*(?:bold|[6-9]00)|font-weight="(?:bold|[6-9]00)"/);
  });

  it.each([1, 2] as const)('loads nothing from outside in report type %s', (type) => {
    const doc = sampleReportDocument(type);
    const html = render(doc, ALL_IMAGES);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/\b(?:src|href)\s*=\s*["']?\s*(?!data:)[a-z]+:/i);
    expect(html).not.toMatch(/url\(|@import|<link/i);
    for (const src of html.matchAll(/\bsrc="([^"]*)"/g)) expect(src[1].startsWith('data:')).toBe(true);
    // The verification address is only printed as text.
    expect(html.match(/https?:\/\/(?!www\.w3\.org\/2000\/svg)[^\s"<]+/g)).toEqual([doc.verifyUrl]);
    expect(html).toContain(`<div class="url">${doc.verifyUrl}</div>`);
  });

  it('prints 暂无数据 for the blocks without data', () => {
    const doc = sampleReportDocument(1);
    Object.assign(doc, {
      trend: { X: null, R: null, month: null, source: null, series: [], volatile: false },
      supply: { rows: [] },
      distribution: { rows: [], stepSize: 0 },
      roomTypes: { rows: [] },
      community: null,
      nearby: [],
      around: { transport: [], education: [], medical: [] },
    });
    doc.result.samples = [];
    doc.result.betas = [];
    const html = render(doc);
    expect(html.match(/暂无数据/g)!.length).toBeGreaterThanOrEqual(10);
    expect(headings(html)).toEqual(HEADINGS);
  });

  it('keeps long lists readable', () => {
    const doc = sampleReportDocument(1);
    doc.result.samples[0].offerTime = '2026-10-12 00:00:00';
    doc.nearby = Array.from({ length: 20 }, (_, i) => ({ ...doc.nearby[i % 12], haCode: `N${i}` }));
    doc.around.education = Array.from({ length: 10 }, (_, i) => ({ name: `学校${i}`, direction: '东', distance: 100 + i }));
    const html = render(doc);
    expect(html).toContain('>2026-10-12</td>');
    expect(html).not.toContain('00:00:00');
    expect(html).toContain('<div class="table-block breakable">');
    expect(html.match(/<tbody class="keep-rows">(.*?)<\/tbody>/)![1].match(/<tr>/g)).toHaveLength(6);
    expect(html.match(/class="map-point"/g)).toHaveLength(20);
    expect(html).toContain('1公里内 10 处，列示最近 8 处');
    expect(html).not.toContain('学校8');
  });

  it('writes -- for the empty fields of the property', () => {
    const doc = sampleReportDocument(1);
    Object.assign(doc.result.record, {
      owner: null,
      principal: '',
      principalCode: '  ',
      businessTypeName: null,
      buildYear: null,
      floor: null,
      bheight: null,
    });
    const html = render(doc);
    expect(html).toContain('<th>产权人</th><td>--</td>');
    expect(html).toContain('<th>委托方</th><td>--</td>');
    expect(html).toContain('<th>客户编号</th><td>--</td>');
    expect(html).toContain('<th>建成年代</th><td>--</td>');
    expect(html).toContain('<th>楼层/总楼层</th><td>--</td>');
    expect(html).not.toContain('>委托方</th><td>京华');
  });
});
