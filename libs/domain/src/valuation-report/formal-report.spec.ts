import { advisoryUnsignedNotice, caseReportOffered, formalReportOffered } from './formal-report';

describe('formal report rules', () => {
  it('offers reports of valued records, not of reference prices or regional averages', () => {
    expect(formalReportOffered({ state: 1, method: 'forsale', totalPrice: 3_000_000 })).toBe(true);
    expect(formalReportOffered({ state: 2, method: 'forsale', totalPrice: 3_000_000 })).toBe(false);
    expect(formalReportOffered({ state: 1, method: 'averageSale', totalPrice: 3_000_000 })).toBe(false);
    expect(formalReportOffered({ state: 1, method: 'forsale', totalPrice: null })).toBe(false);
  });

  it('offers the advisory report of a manual enquiry or re-appraisal answered with a price', () => {
    expect(caseReportOffered({ kind: 'artificial', state: 2, reviewTotalPrice: 2_500_000 })).toBe(true);
    expect(caseReportOffered({ kind: 'review', state: 2, reviewTotalPrice: 2_500_000 })).toBe(true);
    expect(caseReportOffered({ kind: 'artificial', state: 2, reviewTotalPrice: null })).toBe(false);
    expect(caseReportOffered({ kind: 'artificial', state: 1, reviewTotalPrice: null })).toBe(false);
    expect(caseReportOffered({ kind: 'review', state: 3, reviewTotalPrice: null })).toBe(false);
    expect(caseReportOffered({ kind: 'objection', state: 2, reviewTotalPrice: 2_500_000 })).toBe(false);
  });
});

describe('advisoryUnsignedNotice', () => {
  it('names what the consulting report lacks, and nothing when it is sealed and signed', () => {
    expect(advisoryUnsignedNotice({ seal: true, signatures: true })).toBeNull();
    expect(advisoryUnsignedNotice({ seal: false, signatures: false })).toBe(
      '当前咨询报告尚未配置报告专用章和估价师签字，生成的报告不含报告专用章和估价师签字，须另行盖章签字后方为有效。',
    );
    expect(advisoryUnsignedNotice({ seal: true, signatures: false })).toContain('尚未配置估价师签字，');
    expect(advisoryUnsignedNotice({ seal: false, signatures: true })).toContain('尚未配置报告专用章，');
  });
});
