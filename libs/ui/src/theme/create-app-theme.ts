import { createTheme, type MantineThemeOverride } from '@mantine/core';
import { buildColorTuple, PRIMARY_SHADE } from './color-palette';

export const APP_FONT_FAMILY =
  "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', 'WenQuanYi Zen Hei', 'Helvetica Neue', Arial, sans-serif";

/**
 * The Mantine theme of the platform. `themeColor` is the site-config colour (`rgba(...)` or hex);
 * when it is missing or cannot be read, `fallbackColor` is used.
 */
export function createAppTheme(themeColor: string | null | undefined, fallbackColor: string): MantineThemeOverride {
  const brand = buildColorTuple(themeColor) ?? buildColorTuple(fallbackColor);
  return createTheme({
    primaryColor: 'brand',
    primaryShade: { light: PRIMARY_SHADE, dark: PRIMARY_SHADE },
    colors: brand ? { brand } : undefined,
    autoContrast: true,
    luminanceThreshold: 0.4,
    fontFamily: APP_FONT_FAMILY,
    headings: { fontFamily: APP_FONT_FAMILY, fontWeight: '600' },
    defaultRadius: 'sm',
    cursorType: 'pointer',
    components: {
      Button: { defaultProps: { radius: 'sm' } },
      Paper: { defaultProps: { radius: 'md' } },
      Modal: { defaultProps: { centered: true, radius: 'md' } },
    },
  });
}
