import { validate } from '../validation/validate';
import {
  buildOrgTree,
  checkOrgLicense,
  movedPath,
  moveRefusal,
  NEW_ORG_NAME,
  orgAddSchema,
  orgDeleteSchema,
  orgEditSchema,
  OrganizationMsg,
  orgMoveSchema,
  pathIds,
} from './organization.rules';

const bytes = (...b: number[]) => new Uint8Array([...b, 0, 0, 0, 0, 0, 0, 0, 0]);
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0);
const GIF = bytes(0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0);
const HTML = new TextEncoder().encode('<html><script>alert(1)</script></html>');

const messageOf = (result: ReturnType<typeof validate>) => (result.ok ? null : result.message);

describe('organisation rules', () => {
  it('names a new organisation 新建机构 unless a name is given, and needs a parent', () => {
    expect(validate(orgAddSchema, { parentId: '3' })).toEqual({ ok: true, value: { name: NEW_ORG_NAME, parentId: 3 } });
    expect(validate(orgAddSchema, { parentId: 3, name: ' 东城支行 ' })).toEqual({ ok: true, value: { name: '东城支行', parentId: 3 } });
    expect(messageOf(validate(orgAddSchema, {}))).toBe(OrganizationMsg.parentRequired);
    expect(messageOf(validate(orgAddSchema, { parentId: 3, name: '名'.repeat(51) }))).toBe(OrganizationMsg.nameTooLong);
  });

  it('checks the information form with the spec messages', () => {
    const ok = { id: 1, name: '示范银行' };
    expect(messageOf(validate(orgEditSchema, { id: 1, name: '  ' }))).toBe(OrganizationMsg.nameRequired);
    expect(messageOf(validate(orgEditSchema, { ...ok, contact: '王 经理' }))).toBe(OrganizationMsg.contactInvalid);
    expect(messageOf(validate(orgEditSchema, { ...ok, contact: '王经理Wang1' }))).toBeNull();
    expect(messageOf(validate(orgEditSchema, { ...ok, contact: '王'.repeat(21) }))).toBe(OrganizationMsg.contactTooLong);
    expect(messageOf(validate(orgEditSchema, { ...ok, email: 'a@b' }))).toBe(OrganizationMsg.emailInvalid);
    expect(messageOf(validate(orgEditSchema, { ...ok, email: '' }))).toBeNull();
    expect(messageOf(validate(orgEditSchema, { ...ok, address: '址'.repeat(101) }))).toBe(OrganizationMsg.addressTooLong);
    expect(messageOf(validate(orgEditSchema, { ...ok, socialCode: '1'.repeat(51) }))).toBe(OrganizationMsg.socialCodeTooLong);
    expect(messageOf(validate(orgEditSchema, { ...ok, bussinessType: '信用卡' }))).toBe(OrganizationMsg.businessTypeInvalid);
  });

  it('reads business types from a comma list or repeated fields, in the offered order', () => {
    const r = validate(orgEditSchema, { id: 1, name: 'a', bussinessType: '其他贷款,按揭贷款,其他贷款' });
    expect(r.ok && r.value.bussinessType).toEqual(['按揭贷款', '其他贷款']);
    const repeated = validate(orgEditSchema, { id: 1, name: 'a', bussinessType: ['其他贷款'] });
    expect(repeated.ok && repeated.value.bussinessType).toEqual(['其他贷款']);
    const none = validate(orgEditSchema, { id: 1, name: 'a', bussinessType: '' });
    expect(none.ok && none.value.bussinessType).toEqual([]);
    const absent = validate(orgEditSchema, { id: 1, name: 'a' });
    expect(absent.ok && absent.value.bussinessType).toBeUndefined();
  });

  it('needs both ids to move, and status 3 to delete', () => {
    expect(messageOf(validate(orgMoveSchema, { orgId: 2 }))).toBe(OrganizationMsg.parentRequired);
    expect(messageOf(validate(orgMoveSchema, { parentId: 2 }))).toBe(OrganizationMsg.orgRequired);
    expect(validate(orgDeleteSchema, { orgId: '5', status: '3' })).toEqual({ ok: true, value: { orgId: 5, status: 3 } });
    expect(messageOf(validate(orgDeleteSchema, { orgId: 5, status: 1 }))).toBe(OrganizationMsg.statusInvalid);
  });

  it('takes png, jpg and jpeg licences by content and name, at most 10M', () => {
    expect(checkOrgLicense({ name: '执照.png', size: 100, head: PNG })).toMatchObject({ ok: true, format: 'png' });
    expect(checkOrgLicense({ name: '执照.JPG', size: 100, head: JPEG })).toMatchObject({ ok: true, format: 'jpeg' });
    expect(checkOrgLicense({ name: '执照.png', size: 100, head: HTML })).toEqual({ ok: false, message: OrganizationMsg.licenseFormat });
    expect(checkOrgLicense({ name: '执照.gif', size: 100, head: GIF })).toEqual({ ok: false, message: OrganizationMsg.licenseFormat });
    expect(checkOrgLicense({ name: '执照.png', size: 100, head: GIF })).toEqual({ ok: false, message: OrganizationMsg.licenseFormat });
    expect(checkOrgLicense({ name: '执照.pdf', size: 100, head: PNG })).toEqual({ ok: false, message: OrganizationMsg.licenseFormat });
    expect(checkOrgLicense({ name: '执照.png', size: 10485760, head: PNG }).ok).toBe(true);
    expect(checkOrgLicense({ name: '执照.png', size: 10485761, head: PNG })).toEqual({
      ok: false,
      message: OrganizationMsg.licenseTooLarge,
    });
  });

  it('builds the tree under the top rows the caller sees', () => {
    const tree = buildOrgTree([
      { id: 7, parentId: 3, name: '朝阳支行' },
      { id: 9, parentId: 7, name: '望京网点' },
      { id: 8, parentId: 3, name: '海淀支行' },
    ]);
    expect(tree).toEqual([
      { id: 7, parentId: 3, name: '朝阳支行', children: [{ id: 9, parentId: 7, name: '望京网点', children: [] }] },
      { id: 8, parentId: 3, name: '海淀支行', children: [] },
    ]);
  });

  it('refuses moving the root or into its own subtree, and rewrites the paths of a moved subtree', () => {
    expect(moveRefusal({ parentId: null, path: '/3/' }, { path: '/4/' })).toBe(OrganizationMsg.moveRoot);
    expect(moveRefusal({ parentId: 3, path: '/3/7/' }, { path: '/3/7/' })).toBe(OrganizationMsg.moveIntoOwnSubtree);
    expect(moveRefusal({ parentId: 3, path: '/3/7/' }, { path: '/3/7/9/' })).toBe(OrganizationMsg.moveIntoOwnSubtree);
    expect(moveRefusal({ parentId: 3, path: '/3/7/' }, { path: '/3/70/' })).toBeNull();
    expect(movedPath('/3/7/9/', '/3/7/', '/3/8/7/')).toBe('/3/8/7/9/');
    expect(movedPath('/3/8/', '/3/7/', '/3/8/7/')).toBe('/3/8/');
    expect(pathIds('/3/7/9/')).toEqual([3, 7, 9]);
  });
});
