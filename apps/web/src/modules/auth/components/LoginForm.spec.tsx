import { fireEvent, screen } from '@testing-library/react';
import { Msg } from '@valuation/domain';
import { answerApi, renderPage } from '../../../app/testing/page-harness';
import { LoginForm } from './LoginForm';

const CAPTCHA = { captcha: 'data:image/png;base64,iVBORw0KGgo=', identity: 'id-1' };

describe('the login form', () => {
  it('says under every empty field what it needs, all at once, and sends nothing', async () => {
    const sent = answerApi({ '/api/login/captcha': { data: CAPTCHA } });
    renderPage(<LoginForm population="user" />, { url: '/login' });
    await screen.findByRole('img', { name: '验证码' });

    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText(Msg.loginUserRequired)).toBeTruthy();
    expect(screen.getByText(Msg.loginPasswordRequired)).toBeTruthy();
    expect(screen.getByText(Msg.captchaRequired)).toBeTruthy();
    expect(sent.filter((c) => c.path === '/api/login/')).toHaveLength(0);
  });

  it('keeps only what is still missing once a field is filled', async () => {
    answerApi({ '/api/login/captcha': { data: CAPTCHA } });
    renderPage(<LoginForm population="user" />, { url: '/login' });
    await screen.findByRole('img', { name: '验证码' });

    fireEvent.change(screen.getByLabelText('用户名/手机号'), { target: { value: 'demouser' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText(Msg.loginPasswordRequired)).toBeTruthy();
    expect(screen.getByText(Msg.captchaRequired)).toBeTruthy();
    expect(screen.queryByText(Msg.loginUserRequired)).toBeNull();
  });
});
