import { LoginScreen } from '../components/LoginScreen';

/** Route channelLogin (`/channelLogin`): channel staff, with their own cookies and endpoints. */
export function ChannelLoginPage() {
  return <LoginScreen population="tenant" title="渠道登录" heading="渠道登录" />;
}
