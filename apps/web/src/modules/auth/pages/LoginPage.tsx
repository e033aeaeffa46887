import { LoginScreen } from '../components/LoginScreen';

/** Route Login (`/login`): customer accounts. */
export function LoginPage() {
  return <LoginScreen population="user" title="登录" heading="账号登录" />;
}
