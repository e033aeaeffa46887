const ICONS: Record<string, string[]> = {
  user: ['M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8z', 'M4 20c0-3.3 3.6-6 8-6s8 2.7 8 6'],
  bolt: ['M13 3 5 14h6l-1 7 8-11h-6z'],
  list: ['M9 6h11', 'M9 12h11', 'M9 18h11', 'M4 6h.01', 'M4 12h.01', 'M4 18h.01'],
  message: ['M4 5h16v11H9l-5 4z', 'M8 9h8', 'M8 12h5'],
  refresh: ['M20 11a8 8 0 0 0-14.9-3.5', 'M4 4v4h4', 'M4 13a8 8 0 0 0 14.9 3.5', 'M20 20v-4h-4'],
  layers: ['M12 3 3 8l9 5 9-5z', 'M3 13l9 5 9-5'],
  building: ['M4 21V5l8-2v18', 'M12 8h8v13', 'M8 8h.01', 'M8 12h.01', 'M8 16h.01', 'M16 12h.01', 'M16 16h.01', 'M2 21h20'],
  briefcase: ['M3 8h18v12H3z', 'M8 8V5h8v3', 'M3 13h18'],
  chart: ['M4 20V10', 'M10 20V4', 'M16 20v-7', 'M22 20H2'],
  settings: [
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
    'M19 12a7 7 0 0 0-.1-1.2l2-1.6-2-3.4-2.4 1a7 7 0 0 0-2-1.2L14 3h-4l-.5 2.6a7 7 0 0 0-2 1.2l-2.4-1-2 3.4 2 1.6a7 7 0 0 0 0 2.4l-2 1.6 2 3.4 2.4-1a7 7 0 0 0 2 1.2L10 21h4l.5-2.6a7 7 0 0 0 2-1.2l2.4 1 2-3.4-2-1.6c.1-.4.1-.8.1-1.2z',
  ],
  users: [
    'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z',
    'M2 20c0-3 3.1-5.5 7-5.5s7 2.5 7 5.5',
    'M16 4.5a3.5 3.5 0 0 1 0 6.5',
    'M18 14.8c2.3.6 4 2.6 4 5.2',
  ],
  phone: ['M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z'],
  mail: ['M3 6h18v12H3z', 'M3 7l9 6 9-6'],
  bell: ['M6 9a6 6 0 0 1 12 0c0 6.5 2.5 8.5 2.5 8.5h-17S6 15.5 6 9z', 'M10.2 20.5a2 2 0 0 0 3.6 0'],
  logout: ['M14 8V5a1 1 0 0 0-1-1H5a1 1 0 0 0-1 1v14a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1v-3', 'M9 12h12', 'M18 9l3 3-3 3'],
};

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
  stat: 'chart',
  config: 'settings',
  client: 'users',
  clientConfigs: 'settings',
};

export function Icon({ name, size = 18 }: { name: keyof typeof ICONS; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {ICONS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

/** The icon of a top-level sidebar entry, or nothing for entries without one. */
export function MenuIcon({ entry }: { entry: string }) {
  const name = MENU_ICON[entry];
  return name ? <Icon name={name} /> : null;
}
