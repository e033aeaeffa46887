import { loginSchema, passwordChangeFormSchema, passwordChangeSchema, profileEditSchema } from './identity.schemas';
import { Msg } from './messages';
import { validate } from './validate';

const first = (schema: Parameters<typeof validate>[0], input: unknown) => {
  const r = validate(schema, input);
  return r.ok ? null : r.message;
};

describe('shared validation schemas', () => {
  it('check the login form in the order of the form', () => {
    expect(first(loginSchema, {})).toBe(Msg.loginUserRequired);
    expect(first(loginSchema, { userName: '  ', password: 'x' })).toBe(Msg.loginUserRequired);
    expect(first(loginSchema, { userName: 'demo' })).toBe(Msg.loginPasswordRequired);
    expect(first(loginSchema, { userName: 'demo', password: 'x' })).toBe(Msg.captchaRequired);
    expect(validate(loginSchema, { userName: ' demo ', password: ' p ', captcha: 'ab', identity: 'i' })).toEqual({
      ok: true,
      value: { userName: 'demo', password: ' p ', captcha: 'ab', identity: 'i' },
    });
  });

  it('check e-mail and mobile of the profile', () => {
    expect(first(profileEditSchema, { phone: '13800000000' })).toBe(Msg.emailRequired);
    expect(first(profileEditSchema, { email: 'a@b', phone: '13800000000' })).toBe(Msg.emailInvalid);
    expect(first(profileEditSchema, { email: 'a@b.cn' })).toBe(Msg.phoneRequired);
    for (const bad of ['1380000000', '16800000000', '19800000000', '138000000001']) {
      expect(first(profileEditSchema, { email: 'a@b.cn', phone: bad })).toBe(Msg.phoneInvalid);
    }
    for (const good of ['13800000000', '14700000000', '15000000000', '17700000000', '18800000000']) {
      expect(first(profileEditSchema, { email: 'a@b.cn', phone: good })).toBeNull();
    }
  });

  it('check password changes: format, confirmation, difference', () => {
    expect(first(passwordChangeSchema, { oldPwd: 'Old@1234', newPwd: 'short' })).toBe(Msg.newPasswordFormat);
    expect(first(passwordChangeSchema, { oldPwd: 'Old@1234', newPwd: 'x'.repeat(19) })).toBe(Msg.newPasswordFormat);
    expect(first(passwordChangeSchema, { oldPwd: 'Same@1234', newPwd: 'Same@1234' })).toBe(Msg.newPasswordSameAsOld);
    expect(first(passwordChangeSchema, { oldPwd: '', newPwd: 'New@12345' })).toBe(Msg.oldPasswordRequired);
    expect(first(passwordChangeFormSchema, { oldPwd: 'Old@1234', newPwd: 'New@12345', confirmPwd: 'New@12346' })).toBe(
      Msg.newPasswordMismatch,
    );
    expect(first(passwordChangeFormSchema, { oldPwd: 'Old@1234', newPwd: 'New@12345', confirmPwd: 'New@12345' })).toBeNull();
  });
});
