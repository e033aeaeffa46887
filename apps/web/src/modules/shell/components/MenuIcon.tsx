import {
  IconAlertTriangle,
  IconBell,
  IconBolt,
  IconBriefcase,
  IconBuilding,
  IconChartBar,
  IconList,
  IconLogout,
  IconMail,
  IconMapPin,
  IconMessage,
  IconPhone,
  IconRefresh,
  IconSettings,
  IconShieldCheck,
  IconStack2,
  IconUser,
  IconUsers,
  type Icon as TablerIcon,
} from '@tabler/icons-react';

const ICONS = {
  user: IconUser,
  bolt: IconBolt,
  list: IconList,
  message: IconMessage,
  refresh: IconRefresh,
  layers: IconStack2,
  building: IconBuilding,
  briefcase: IconBriefcase,
  chart: IconChartBar,
  settings: IconSettings,
  shield: IconShieldCheck,
  users: IconUsers,
  phone: IconPhone,
  mail: IconMail,
  mapPin: IconMapPin,
  bell: IconBell,
  alert: IconAlertTriangle,
  logout: IconLogout,
} satisfies Record<string, TablerIcon>;

const MENU_ICON: Record<string, keyof typeof ICONS> = {
  personal: 'user',
  channelPersonal: 'user',
  qvindex: 'bolt',
  valuationRecord: 'list',
  manualEnquiry: 'message',
  objectionReview: 'refresh',
  batchValuation: 'layers',
  agencyValuation: 'building',
  manage: 'briefcase',
  collateralGroup: 'shield',
  stat: 'chart',
  config: 'settings',
  client: 'users',
  clientConfigs: 'settings',
};

/** An icon of the shell (header and sidebar), from the Tabler set. */
export function Icon({ name, size = 18 }: { name: keyof typeof ICONS; size?: number }) {
  const Glyph = ICONS[name];
  return <Glyph size={size} stroke={1.8} aria-hidden="true" />;
}

/** The icon of a top-level sidebar entry, or nothing for entries without one. */
export function MenuIcon({ entry }: { entry: string }) {
  const name = MENU_ICON[entry];
  return name ? <Icon name={name} /> : null;
}
