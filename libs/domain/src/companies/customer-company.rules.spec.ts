import { checkLicenceImage, LICENCE_IMAGE_MAX_BYTES, licenceFileName, LicenceImageMsg } from '../images/licence-image.rules';
import {
  customerCompanyAddSchema,
  customerCompanyEditSchema,
  customerCompanyListQuerySchema,
  CustomerCompanyMsg,
} from './customer-company.rules';

const PNG_HEAD = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 4, 0, 0, 0, 4,
]);
const messages = (input: Record<string, unknown>) => {
  const r = customerCompanyAddSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('customer company form', () => {
  it('takes a Chinese name alone, trims, upper-cases the social code and reads contactName', () => {
    expect(customerCompanyAddSchema.parse({ name: ' 华东银行 ', socialCode: 'abcdefghijklmno', contactName: '陈' })).toMatchObject({
      name: '华东银行',
      socialCode: 'ABCDEFGHIJKLMNO',
      contact: '陈',
      email: '',
    });
  });

  it('answers every broken rule with its message, in the form order', () => {
    expect(
      messages({
        name: 'Bank',
        socialCode: '123',
        contactNumber: '12 34',
        email: 'x@',
        fax: 'f',
        department: 'IT',
        position: 'CEO',
        cityCode: '310100',
      }),
    ).toEqual([
      CustomerCompanyMsg.nameChinese,
      CustomerCompanyMsg.socialCodeInvalid,
      CustomerCompanyMsg.phoneInvalid,
      CustomerCompanyMsg.emailInvalid,
      CustomerCompanyMsg.faxInvalid,
      CustomerCompanyMsg.departmentChinese,
      CustomerCompanyMsg.positionChinese,
      CustomerCompanyMsg.provinceFirst,
    ]);
    expect(messages({})).toEqual([CustomerCompanyMsg.nameRequired]);
    expect(messages({ name: '银'.repeat(51) })).toEqual([CustomerCompanyMsg.nameTooLong]);
    expect(messages({ name: '银行', socialCode: 'A'.repeat(18) })).toEqual([]);
    expect(messages({ name: '银行', contactNumber: '010-1,020-2' })).toEqual([]);
  });

  it('reads 押品重估计费 as a yes or no, absent when not sent', () => {
    expect(customerCompanyAddSchema.parse({ name: '银行', revalCharge: 'true' }).revalCharge).toBe(true);
    expect(customerCompanyAddSchema.parse({ name: '银行', revalCharge: '0' }).revalCharge).toBe(false);
    expect(customerCompanyEditSchema.parse({ id: '3', name: '银行', revalCharge: false }).revalCharge).toBe(false);
    expect(customerCompanyEditSchema.parse({ id: '3', name: '银行', revalCharge: '' }).revalCharge).toBeUndefined();
    expect(customerCompanyEditSchema.parse({ id: '3', name: '银行' }).revalCharge).toBeUndefined();
    expect(messages({ name: '银行', revalCharge: 'yes' })).toEqual([CustomerCompanyMsg.revalChargeInvalid]);
  });

  it('pages by 20 by default and drops blank filters', () => {
    expect(customerCompanyListQuerySchema.parse({ companyName: ' ', categoryId: '0', provinceCode: '' })).toEqual({
      pageIndex: 1,
      pageSize: 20,
    });
    expect(customerCompanyListQuerySchema.safeParse({ pageSize: 10 }).success).toBe(false);
  });
});

describe('licence image', () => {
  it('is recognised by content and extension, then size', () => {
    expect(checkLicenceImage({ name: 'a.PNG', size: 100, head: PNG_HEAD })).toEqual({ ok: true, format: 'png', contentType: 'image/png' });
    expect(checkLicenceImage({ name: 'a.png', size: 10, head: new TextEncoder().encode('<html><body>') })).toEqual({
      ok: false,
      message: LicenceImageMsg.format,
    });
    expect(checkLicenceImage({ name: 'a.bmp', size: 10, head: PNG_HEAD })).toEqual({ ok: false, message: LicenceImageMsg.format });
    expect(checkLicenceImage({ name: 'a.png', size: LICENCE_IMAGE_MAX_BYTES + 1, head: PNG_HEAD })).toEqual({
      ok: false,
      message: LicenceImageMsg.tooLarge,
    });
  });

  it('keeps a readable file name without folders or control characters', () => {
    expect(licenceFileName('C:\\scans\\营业执照\u0001.png', 'png')).toBe('营业执照.png');
    expect(licenceFileName('.png', 'png')).toBe('licence.png');
    expect(licenceFileName(`${'a'.repeat(200)}.jpeg`, 'jpeg')).toHaveLength(80);
  });
});
