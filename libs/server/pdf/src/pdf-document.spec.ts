import { countPdfPages, footerTemplate } from './pdf-document';

describe('footerTemplate', () => {
  it('puts the escaped left text and the Chinese page counter in the footer', () => {
    const html = footerTemplate('北京示范银行 <b>"A&B"</b> \'x\'');
    expect(html).toContain('<span>北京示范银行 &lt;b&gt;&quot;A&amp;B&quot;&lt;/b&gt; &#39;x&#39;</span>');
    expect(html).toContain('第 <span class="pageNumber"></span> 页 / 共 <span class="totalPages"></span> 页');
    expect(html).not.toContain('<b>');
  });

  it('leaves the left side empty without text', () => {
    expect(footerTemplate()).toContain('<span></span><span>第 ');
  });
});

describe('countPdfPages', () => {
  const pdf = (body: string) => Buffer.from(`%PDF-1.4\n${body}\n%%EOF`, 'latin1');

  it('counts page objects, not the page tree', () => {
    const body =
      '1 0 obj\n<</Type /Pages /Count 2 /Kids [2 0 R 3 0 R]>>\nendobj\n2 0 obj\n<</Type /Page /Parent 1 0 R>>\nendobj\n3 0 obj\n<</Type/Page/Parent 1 0 R>>\nendobj';
    expect(countPdfPages(pdf(body))).toBe(2);
  });

  it('refuses a PDF without page objects', () => {
    expect(() => countPdfPages(pdf('1 0 obj\n<</Type /ObjStm>>\nendobj'))).toThrow('No page objects found in the PDF');
  });
});
