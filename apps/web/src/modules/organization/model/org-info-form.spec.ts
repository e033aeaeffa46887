import { OrganizationMsg } from '@valuation/domain';
import { formValuesOf, infoBody, pickedLicenseError } from './org-info-form';

const INFO = {
  id: 3,
  parentId: null,
  parentName: '',
  topLevel: true,
  name: '示范银行',
  provinceCode: '110000',
  provinceName: '北京市',
  cityCode: '110100',
  cityName: '北京市',
  address: '金融大街1号',
  socialCode: '91110000100000000X',
  licenseFile: null,
  contact: '王经理',
  contactNumber: '010-66000000',
  email: 'a@b.cn',
  fax: '',
  bussinessType: '按揭贷款,其他贷款',
};

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1]);

describe('organisation information form', () => {
  it('reads the business types into the checkboxes', () => {
    expect(formValuesOf(INFO).bussinessType).toEqual(['按揭贷款', '其他贷款']);
    expect(formValuesOf({ ...INFO, bussinessType: '' }).bussinessType).toEqual([]);
  });

  it('sends social code and licence for a customer company only', () => {
    const license = new File([PNG], '执照.png');
    const request = { id: 3, name: '示范银行', socialCode: '91', bussinessType: ['其他贷款' as const] };
    expect(infoBody({ request, topLevel: true, license })).toMatchObject({
      id: 3,
      socialCode: '91',
      bussinessType: '其他贷款',
      licenseFile: license,
    });
    const sub = infoBody({ request, topLevel: false, license });
    expect(sub).not.toHaveProperty('socialCode');
    expect(sub).not.toHaveProperty('licenseFile');
  });

  it('checks a picked licence by content as the server does', async () => {
    expect(await pickedLicenseError(new File([PNG], '执照.png'))).toBeNull();
    expect(await pickedLicenseError(new File(['<html></html>'], '执照.png'))).toBe(OrganizationMsg.licenseFormat);
  });
});
