import { z } from 'zod';
import { Msg } from './messages';

/** 11-digit mainland mobile starting 13, 14, 15, 17 or 18 (profile rule of the specifications). */
export const PROFILE_MOBILE_PATTERN = /^1[34578]\d{9}$/;
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
export const PASSWORD_PATTERN = /^[\x21-\x7e]{6,18}$/;

const requiredText = (message: string) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : (v ?? '')), z.string({ message }).min(1, message));

export const loginSchema = z.object({
  userName: requiredText(Msg.loginUserRequired),
  password: z.preprocess((v) => v ?? '', z.string({ message: Msg.loginPasswordRequired }).min(1, Msg.loginPasswordRequired)),
  captcha: requiredText(Msg.captchaRequired),
  identity: requiredText(Msg.captchaExpired),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const profileEditSchema = z.object({
  email: requiredText(Msg.emailRequired).pipe(z.string().max(45, Msg.emailInvalid).regex(EMAIL_PATTERN, Msg.emailInvalid)),
  phone: requiredText(Msg.phoneRequired).pipe(z.string().regex(PROFILE_MOBILE_PATTERN, Msg.phoneInvalid)),
  loginUser: z.preprocess((v) => v ?? '', z.string()).optional(),
});
export type ProfileEditInput = z.infer<typeof profileEditSchema>;

export const passwordChangeSchema = z
  .object({
    oldPwd: z.preprocess((v) => v ?? '', z.string().min(1, Msg.oldPasswordRequired)),
    newPwd: z.preprocess((v) => v ?? '', z.string().min(1, Msg.newPasswordRequired).regex(PASSWORD_PATTERN, Msg.newPasswordFormat)),
  })
  .refine((v) => v.newPwd !== v.oldPwd, { message: Msg.newPasswordSameAsOld, path: ['newPwd'] });
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;

/** The form adds a confirmation field; the server receives only oldPwd and newPwd. */
export const passwordChangeFormSchema = z
  .object({
    oldPwd: z.string().min(1, Msg.oldPasswordRequired),
    newPwd: z.string().min(1, Msg.newPasswordRequired).regex(PASSWORD_PATTERN, Msg.newPasswordFormat),
    confirmPwd: z.string().min(1, Msg.newPasswordMismatch),
  })
  .refine((v) => v.newPwd === v.confirmPwd, { message: Msg.newPasswordMismatch, path: ['confirmPwd'] })
  .refine((v) => v.newPwd !== v.oldPwd, { message: Msg.newPasswordSameAsOld, path: ['newPwd'] });
export type PasswordChangeFormInput = z.infer<typeof passwordChangeFormSchema>;
