import { escapeHtml } from '@valuation/domain';

/** Page margins of every report; the bottom one holds the footer. */
export const PDF_MARGINS = { top: '15mm', right: '15mm', bottom: '18mm', left: '15mm' } as const;

/**
 * Chromium's footer template: `footerLeft` on the left, `第 N 页 / 共 M 页` on the right. Chromium fills
 * the pageNumber and totalPages spans; the template has no access to the document's styles, so the
 * font and size are set here.
 */
export function footerTemplate(footerLeft = ''): string {
  return (
    '<div style="box-sizing:border-box;width:100%;padding:0 15mm;display:flex;justify-content:space-between;' +
    "font-family:'WenQuanYi Micro Hei','Noto Sans CJK SC',sans-serif;font-size:8pt;color:#666;-webkit-print-color-adjust:exact\">" +
    `<span>${escapeHtml(footerLeft)}</span>` +
    '<span>第 <span class="pageNumber"></span> 页 / 共 <span class="totalPages"></span> 页</span>' +
    '</div>'
  );
}

/**
 * Number of page objects (`/Type /Page`, not `/Pages`) of a PDF written by Chromium, which keeps its
 * objects uncompressed (no object streams). Throws when it finds none, since every PDF has a page.
 */
export function countPdfPages(pdf: Uint8Array): number {
  const text = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).toString('latin1');
  const pages = text.match(/\/Type\s*\/Page(?![A-Za-z])/g)?.length ?? 0;
  if (pages === 0) throw new Error('No page objects found in the PDF');
  return pages;
}
