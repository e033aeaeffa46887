import { useElementSize } from '@mantine/hooks';
import { businessNow, dateStamp, formatChineseDate, REPORT_TYPE_LABELS, type ReportImageKind } from '@valuation/domain';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { ReportConfigFormValues } from '../model/report-config-form';
import classes from './ReportPreview.module.css';

/** A4 at 96 dpi. */
const PAGE_WIDTH = 794;
const PAGE_HEIGHT = 1123;
const CODE_PREFIX = { 1: 'XJ', 2: 'ZX' } as const;
const CHINESE_ORDINALS = ['一', '二'];

export interface ReportPreviewProps {
  values: ReportConfigFormValues;
  /** The issuing company (the channel's site configuration). */
  issuer: string;
  /** Image URLs by image type: picked files first, else the stored images. */
  images: Partial<Record<ReportImageKind, string | null>>;
}

function sampleCode(type: 1 | 2, now = businessNow()): string {
  return `${CODE_PREFIX[type]}${dateStamp(now)}0000000001`;
}

/** Height of an element's layout box (transforms do not change it). */
function useLayoutHeight<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [height, setHeight] = useState(PAGE_HEIGHT);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setHeight(el.offsetHeight);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, height };
}

/** One sheet drawn at print size and scaled to the panel; a sheet with more text grows as the report would continue. */
function Sheet({ label, scale, children }: { label: string; scale: number; children: ReactNode }) {
  const page = useLayoutHeight<HTMLDivElement>();
  return (
    <div className={classes.frame} style={{ height: Math.max(PAGE_HEIGHT, page.height) * scale }}>
      <span className={classes.pageLabel}>{label}</span>
      <div ref={page.ref} className={classes.page} style={{ transform: `scale(${scale})` }}>
        {children}
      </div>
    </div>
  );
}

function Cover({ values, issuer, code, date }: { values: ReportConfigFormValues; issuer: string; code: string; date: string }) {
  const rows: [string, string][] = [
    ['估价对象', '北京市朝阳区示例小区1号楼1单元101室'],
    ['估价类型', '售价估价'],
    ['出具单位', issuer],
    ['报告编号', code],
    ['报告日期', date],
  ];
  return (
    <>
      <div className={classes.coverTop}>
        <span className={classes.issuerName}>{issuer}</span>
        <span>报告编号：{code}</span>
      </div>
      <div className={classes.coverRule} />
      <h1 className={classes.coverTitle}>{values.reportName.trim() || REPORT_TYPE_LABELS[values.reportType]}</h1>
      <table className={classes.subject}>
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th>{label}</th>
              <td>{value || '--'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className={classes.coverBottom}>
        <div className={classes.verify}>
          <div className={classes.qr} aria-hidden="true">
            {Array.from({ length: 49 }, (_, i) => (
              <span key={i} />
            ))}
          </div>
          <div>扫描二维码验证报告真伪</div>
        </div>
        <div className={classes.coverIssuer}>
          <div>{issuer}</div>
          <div className={classes.muted}>{date}</div>
        </div>
      </div>
    </>
  );
}

function Signature({ sign, issuer, date, images }: { sign: string; issuer: string; date: string; images: ReportPreviewProps['images'] }) {
  const signer = (type: 3 | 4) => (
    <div className={classes.signer}>
      <span className={classes.signLabel}>估价师（签字）：</span>
      <span className={classes.signSpace}>{images[type] && <img src={images[type]!} alt="估价师签字" />}</span>
    </div>
  );
  return (
    <div className={classes.signature}>
      {sign && <div className={classes.signText}>{sign}</div>}
      <div className={classes.signers}>
        {signer(3)}
        {signer(4)}
      </div>
      <div className={classes.issued}>
        {images[5] && <img className={classes.seal} src={images[5]} alt="报告专用章" />}
        <div>{issuer}</div>
        <div>{date}</div>
      </div>
    </div>
  );
}

export type PreviewPage = 'cover' | 'statement' | 'appendix';

export const PREVIEW_PAGE_LABELS: Readonly<Record<PreviewPage, string>> = { cover: '封面', statement: '估价声明', appendix: '附件' };

/** A miniature of one page of the report as it will print with the values being edited: cover, statement (with the signatures) or appendix. */
export function ReportPreview({ values, issuer, images, page }: ReportPreviewProps & { page: PreviewPage }) {
  const { ref, width } = useElementSize();
  const scale = width > 0 ? width / PAGE_WIDTH : 0;
  const consulting = values.reportType === 2;
  const date = formatChineseDate(businessNow());
  const statement = values.reportStatement.trim();
  const appendix = ([1, 2] as const)
    .filter((t) => images[t])
    .map((t) => ({ type: t, caption: t === 1 ? '营业执照' : '资质证书', url: images[t]! }));
  const shown: PreviewPage = page === 'appendix' && !consulting ? 'cover' : page;

  return (
    <div className={classes.desk}>
      <div ref={ref}>
        {scale > 0 && (
          <Sheet label={PREVIEW_PAGE_LABELS[shown]} scale={scale}>
            {shown === 'cover' && <Cover values={values} issuer={issuer} code={sampleCode(values.reportType)} date={date} />}
            {shown === 'statement' && (
              <>
                <div className={classes.elided} aria-hidden="true">
                  <div style={{ width: '38%' }} />
                  <div />
                  <div style={{ width: '86%' }} />
                  <div style={{ width: '64%' }} />
                  <span className={classes.elidedNote}>（估价结果、可比案例、市场分析等章节略）</span>
                </div>
                <h2 className={classes.sectionTitle}>估价声明</h2>
                {statement ? <div className={classes.statement}>{statement}</div> : <div className={classes.noData}>暂无数据</div>}
                {consulting && <Signature sign={values.reportSign.trim()} issuer={issuer} date={date} images={images} />}
              </>
            )}
            {shown === 'appendix' && (
              <>
                <h2 className={classes.sectionTitle}>附件</h2>
                {appendix.length === 0 && <div className={classes.noData}>未上传营业执照和资质证书，报告不含附件页</div>}
                {appendix.map((a, i) => (
                  <div key={a.type} className={classes.appendixItem}>
                    <img src={a.url} alt={a.caption} />
                    <div className={classes.caption}>
                      附件{CHINESE_ORDINALS[i]}：{a.caption}
                    </div>
                  </div>
                ))}
              </>
            )}
          </Sheet>
        )}
      </div>
    </div>
  );
}
