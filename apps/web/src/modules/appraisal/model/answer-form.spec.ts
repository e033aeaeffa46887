import { AppraisalMsg } from '@valuation/domain';
import { checkAnswer, proposedUnitPrice } from './answer-form';

describe('answer form', () => {
  it('proposes the unit price from the total in 万元 (a sale) or 元/月 (a rent) and the area', () => {
    expect(proposedUnitPrice(600, 89.5, 1)).toBe(67039.11);
    expect(proposedUnitPrice('731.83', 100, 1)).toBe(73183);
    expect(proposedUnitPrice(9000, 90, 2)).toBe(100);
    expect(proposedUnitPrice('', 89.5, 1)).toBe('');
    expect(proposedUnitPrice(600, null, 1)).toBe('');
  });

  it('sends a sale total typed in 万元 as yuan, and a rent as typed', () => {
    expect(checkAnswer('review', 1, 2, { totalPrice: 731.83, unitPrice: 73183, reply: '参考成交' }, 1)).toEqual({
      ok: true,
      answer: { totalPrice: 7_318_300, unitPrice: 73183, reply: '参考成交' },
    });
    expect(checkAnswer('artificial', 1, 2, { totalPrice: '9,000.5', unitPrice: 100.01, reply: '参考租金' }, 2)).toEqual({
      ok: true,
      answer: { totalPrice: 9000.5, unitPrice: 100.01, reply: '参考租金' },
    });
  });

  it('checks the answer with the server rules and messages, every wrong field at once', () => {
    expect(checkAnswer('artificial', 1, 2, { totalPrice: '', unitPrice: '', reply: '' }, 1)).toEqual({
      ok: false,
      errors: {
        totalPrice: AppraisalMsg.totalPriceRequired,
        unitPrice: AppraisalMsg.unitPriceRequired,
        reply: AppraisalMsg.replyRequired,
      },
    });
    expect(checkAnswer('artificial', 1, 2, { totalPrice: '-5', unitPrice: 1, reply: '参考成交' }, 1)).toEqual({
      ok: false,
      errors: { totalPrice: AppraisalMsg.totalPriceInvalid },
    });
    expect(checkAnswer('artificial', 1, 2, { totalPrice: 'abc', unitPrice: -1, reply: '参考成交' }, 1)).toEqual({
      ok: false,
      errors: { totalPrice: AppraisalMsg.totalPriceInvalid, unitPrice: AppraisalMsg.unitPriceInvalid },
    });
    expect(checkAnswer('review', 1, 2, { totalPrice: 100, unitPrice: 1.5, reply: '' }, 1)).toEqual({
      ok: false,
      errors: { reply: AppraisalMsg.replyRequired },
    });
    expect(checkAnswer('objection', 1, 2, { totalPrice: 'x', unitPrice: '', reply: '维持原价' }, 1)).toEqual({
      ok: true,
      answer: { reply: '维持原价' },
    });
    expect(checkAnswer('objection', 1, 2, { totalPrice: '', unitPrice: '', reply: '' }, 1)).toEqual({
      ok: false,
      errors: { reply: AppraisalMsg.replyRequired },
    });
  });
});
