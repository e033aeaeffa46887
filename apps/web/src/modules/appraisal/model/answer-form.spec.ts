import { AppraisalMsg } from '@valuation/domain';
import { checkAnswer, proposedUnitPrice } from './answer-form';

describe('answer form', () => {
  it('proposes the unit price from the total and the area', () => {
    expect(proposedUnitPrice(6_000_000, 89.5)).toBe(67039.11);
    expect(proposedUnitPrice('', 89.5)).toBe('');
    expect(proposedUnitPrice(6_000_000, null)).toBe('');
  });

  it('checks the answer with the server rules', () => {
    expect(checkAnswer('artificial', 1, 2, { totalPrice: '', unitPrice: '', reply: '参考成交' })).toEqual({
      ok: false,
      message: AppraisalMsg.totalPriceRequired,
    });
    expect(checkAnswer('review', 1, 2, { totalPrice: 100, unitPrice: 1.5, reply: '' })).toEqual({
      ok: false,
      message: AppraisalMsg.replyRequired,
    });
    expect(checkAnswer('review', 1, 2, { totalPrice: 100, unitPrice: 1.5, reply: '参考成交' })).toEqual({
      ok: true,
      answer: { totalPrice: 100, unitPrice: 1.5, reply: '参考成交' },
    });
    expect(checkAnswer('objection', 1, 2, { totalPrice: 'x', unitPrice: '', reply: '维持原价' })).toEqual({
      ok: true,
      answer: { reply: '维持原价' },
    });
  });
});
