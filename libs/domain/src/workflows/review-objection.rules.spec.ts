import { validate } from '../validation/validate';
import {
  checkObjectionPrice,
  objectionAddSchema,
  objectionListQuerySchema,
  objectionPriceToYuan,
  objectionPriceUnit,
  objectionReasonFromPrice,
  objectionStateLabel,
  ObjectionMsg,
  yuanToObjectionPrice,
} from './objection.rules';
import {
  checkExpectedPrice,
  checkReviewForm,
  restoreEmptyPrice,
  reviewAddSchema,
  reviewListQuerySchema,
  ReviewMsg,
  stepPriceDown,
  stepPriceUp,
} from './review.rules';

describe('re-appraisal rules', () => {
  it('needs a chosen reason, and the other reason for reason 3', () => {
    expect(validate(reviewAddSchema, { initiate: '1', sourceId: 'PG2026112200000001' })).toMatchObject({
      ok: false,
      message: ReviewMsg.reasonInvalid,
    });
    expect(validate(reviewAddSchema, { initiate: '1', sourceId: 'PG2026112200000001', reason: '' })).toMatchObject({
      ok: false,
      message: ReviewMsg.reasonInvalid,
    });
    expect(validate(reviewAddSchema, { initiate: '1', sourceId: 'PG2026112200000001', reason: '1' })).toMatchObject({
      ok: true,
      value: { reason: 1, otherReason: '', remark: '' },
    });
    expect(validate(reviewAddSchema, { initiate: '1', sourceId: 'PG1', reason: '3', otherReason: '  ' })).toMatchObject({
      ok: false,
      message: ReviewMsg.otherReasonRequired,
    });
    expect(validate(reviewAddSchema, { initiate: '1', sourceId: 'PG1', reason: '3', otherReason: '周边新盘' })).toMatchObject({
      ok: true,
      value: { reason: 3, otherReason: '周边新盘' },
    });
    expect(validate(reviewAddSchema, { initiate: '1', sourceId: 'PG1', reason: '4' })).toMatchObject({
      ok: false,
      message: ReviewMsg.reasonInvalid,
    });
    expect(checkReviewForm({ reason: 3, otherReason: '' })).toEqual({ ok: false, message: ReviewMsg.otherReasonRequired });
    expect(checkReviewForm({ reason: 1, otherReason: '' })).toEqual({ ok: true });
    expect(checkReviewForm({ reason: null, otherReason: '' })).toEqual({ ok: false, message: ReviewMsg.reasonInvalid });
  });

  it('takes an expected price only when it agrees with the reason, as the price objection derives it', () => {
    expect(checkExpectedPrice(1, 4_800_000, 5_000_000)).toEqual({ ok: true });
    expect(checkExpectedPrice(1, 5_200_000, 5_000_000)).toEqual({ ok: false, message: ReviewMsg.priceAboveForHigh });
    expect(checkExpectedPrice(1, 5_000_000, 5_000_000)).toEqual({ ok: false, message: ReviewMsg.priceAboveForHigh });
    expect(checkExpectedPrice(2, 5_200_000, 5_000_000)).toEqual({ ok: true });
    expect(checkExpectedPrice(2, 4_800_000, 5_000_000)).toEqual({ ok: false, message: ReviewMsg.priceBelowForLow });
    expect(checkExpectedPrice(3, 4_800_000, 5_000_000)).toEqual({ ok: true });
    expect(checkExpectedPrice(1, undefined, 5_000_000)).toEqual({ ok: true });
    expect(checkReviewForm({ reason: 1, otherReason: '', expectedPrice: 5_200_000, originalPrice: 5_000_000 })).toEqual({
      ok: false,
      message: ReviewMsg.priceAboveForHigh,
    });
    expect(checkReviewForm({ reason: 2, otherReason: '', expectedPrice: 5_200_000, originalPrice: 5_000_000 })).toEqual({ ok: true });
  });

  it('takes a case id as source for initiate 2 and 3 and a positive price', () => {
    expect(validate(reviewAddSchema, { initiate: 3, sourceId: 'PG1', reason: 1 })).toMatchObject({
      ok: false,
      message: ReviewMsg.sourceInvalid,
    });
    expect(validate(reviewAddSchema, { initiate: 2, sourceId: '12', reason: 2, actualPrice: '5000000' })).toMatchObject({
      ok: true,
      value: { actualPrice: 5_000_000 },
    });
    expect(validate(reviewAddSchema, { initiate: 2, sourceId: '12', reason: 2, actualPrice: '-1' })).toMatchObject({
      ok: false,
      message: ReviewMsg.priceInvalid,
    });
    expect(validate(reviewAddSchema, { initiate: 4, sourceId: '12', reason: 1 })).toMatchObject({
      ok: false,
      message: ReviewMsg.initiateInvalid,
    });
  });

  it('steps the price: plus adds the step, minus does nothing at or below the step, blur restores an empty price', () => {
    expect(stepPriceUp(500, 5)).toBe(505);
    expect(stepPriceDown(500, 5)).toBe(495);
    expect(stepPriceDown(5, 5)).toBe(5);
    expect(stepPriceDown(3, 5)).toBe(3);
    expect(restoreEmptyPrice('', 480)).toBe(480);
    expect(restoreEmptyPrice(null, 480)).toBe(480);
    expect(restoreEmptyPrice('505', 480)).toBe(505);
  });

  it('reads list filters: blank state is no filter', () => {
    expect(validate(reviewListQuerySchema, { state: '0', city: '', pageIndex: '2' })).toMatchObject({
      ok: true,
      value: { state: undefined, city: undefined, pageIndex: 2, pageSize: 10 },
    });
    expect(validate(reviewListQuerySchema, { state: '4' })).toMatchObject({ ok: false, message: ReviewMsg.stateInvalid });
  });
});

describe('price objection rules', () => {
  it('sets the reason from the new price: above the old is too low (2), below is too high (1)', () => {
    expect(objectionReasonFromPrice(510, 500)).toBe(2);
    expect(objectionReasonFromPrice(490, 500)).toBe(1);
    expect(objectionReasonFromPrice(500, 500)).toBeNull();
  });

  it('checks the new price with the exact messages', () => {
    expect(checkObjectionPrice('', 500)).toEqual({ ok: false, message: ObjectionMsg.priceEmpty, revert: false });
    expect(checkObjectionPrice('12.5', 500)).toEqual({ ok: false, message: ObjectionMsg.priceInvalid, revert: true });
    expect(checkObjectionPrice('0', 500)).toEqual({ ok: false, message: ObjectionMsg.priceInvalid, revert: true });
    expect(checkObjectionPrice('abc', 500)).toEqual({ ok: false, message: '请输入合理的价格！', revert: true });
    expect(checkObjectionPrice('500', 500)).toEqual({ ok: false, message: '请调整价格', revert: false });
    expect(checkObjectionPrice(520, 500)).toEqual({ ok: true, price: 520, reason: 2 });
  });

  it('uses 万元 in steps of 5 for sale and 元/月 in steps of 500 for rent', () => {
    expect(objectionPriceUnit(1)).toEqual({ unit: '万元', step: 5, yuan: 10_000 });
    expect(objectionPriceUnit(2)).toEqual({ unit: '元/月', step: 500, yuan: 1 });
    expect(objectionPriceToYuan(520, 1)).toBe(5_200_000);
    expect(objectionPriceToYuan(4500, 2)).toBe(4500);
    expect(yuanToObjectionPrice(5_234_567, 1)).toBe(523);
  });

  it('labels the states and validates the request and list', () => {
    expect([1, 2, 3].map(objectionStateLabel)).toEqual(['正在处理', '处理完成', '处理完成']);
    expect(validate(objectionAddSchema, { evalCode: 'PG2026', price: 1.5, type: 1 })).toMatchObject({
      ok: false,
      message: ObjectionMsg.priceInvalid,
    });
    expect(validate(objectionAddSchema, { evalCode: 'PG2026', price: '520', type: '1' })).toMatchObject({
      ok: true,
      value: { price: 520, type: 1 },
    });
    expect(validate(objectionListQuerySchema, { state: '3' })).toMatchObject({ ok: false });
    expect(validate(objectionListQuerySchema, { beginDate: '2026/02/01', endDate: '2026/01/01' })).toMatchObject({ ok: false });
  });
});
