import { caseReportOffered, formalReportOffered } from './formal-report';

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
