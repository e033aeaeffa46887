import { Box, CheckIcon, ColorSwatch, Group, Popover, SimpleGrid, Stack, Text, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import { NAMED_COLORS, themeColorHex, THEME_PRESETS } from '@valuation/domain';
import { useState } from 'react';

export interface ThemeColorPickerProps {
  /** The colour as the custom input shows it (#RGB or #RRGGBB, or what is being typed). */
  value: string;
  error?: string;
  disabled?: boolean;
  onChange: (hex: string) => void;
}

const same = (a: string, b: string) => themeColorHex(a) !== null && themeColorHex(a) === themeColorHex(b);

function Swatch({
  color,
  label,
  selected,
  size,
  onClick,
}: {
  color: string;
  label: string;
  selected: boolean;
  size: number;
  onClick: () => void;
}) {
  return (
    <Tooltip label={label} openDelay={300} withinPortal>
      <UnstyledButton onClick={onClick} aria-label={label} aria-pressed={selected} style={{ borderRadius: '50%', lineHeight: 0 }}>
        <ColorSwatch
          color={color}
          size={size}
          withShadow
          style={{ cursor: 'pointer', outline: selected ? '2px solid var(--mantine-color-dark-3)' : undefined, outlineOffset: 2 }}
        >
          {selected && <CheckIcon size={size / 2.6} color={isLight(color) ? '#000' : '#fff'} />}
        </ColorSwatch>
      </UnstyledButton>
    </Tooltip>
  );
}

function isLight(hex: string): boolean {
  const h = themeColorHex(hex);
  if (!h) return false;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
  return 0.299 * r + 0.587 * g + 0.114 * b > 170;
}

/** The theme colour: five presets, a palette of the named colours, and a custom #RGB/#RRGGBB input. */
export function ThemeColorPicker({ value, error, disabled, onChange }: ThemeColorPickerProps) {
  const [paletteOpen, setPaletteOpen] = useState(false);
  const valid = themeColorHex(value) !== null && /^#/.test(value.trim());
  const named = NAMED_COLORS.find((c) => same(c.hex, value));

  return (
    <Stack gap="sm">
      <Group gap="md" align="center">
        {THEME_PRESETS.map((preset, i) => (
          <Swatch
            key={preset}
            color={preset}
            label={`预设颜色${i + 1} ${preset}`}
            size={30}
            selected={same(preset, value)}
            onClick={() => !disabled && onChange(preset)}
          />
        ))}
      </Group>
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <TextInput
          label="自定义颜色"
          placeholder="#RRGGBB"
          value={value}
          error={error}
          disabled={disabled}
          w={180}
          leftSection={<ColorSwatch color={valid ? value : 'transparent'} size={16} />}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
        <Popover opened={paletteOpen} onChange={setPaletteOpen} position="bottom-start" shadow="md" width={392} withinPortal>
          <Popover.Target>
            <Box mt={25}>
              <UnstyledButton
                onClick={() => setPaletteOpen((o) => !o)}
                disabled={disabled}
                aria-label="命名颜色"
                px="sm"
                h={36}
                style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 'var(--mantine-radius-sm)' }}
              >
                <Text size="sm">{named ? `命名颜色：${named.name}` : '选择命名颜色'}</Text>
              </UnstyledButton>
            </Box>
          </Popover.Target>
          <Popover.Dropdown>
            <Text size="xs" c="dimmed" mb={8}>
              共{NAMED_COLORS.length}种命名颜色，点击选用
            </Text>
            <SimpleGrid cols={14} spacing={6} verticalSpacing={6} mah={260} style={{ overflowY: 'auto', padding: 4 }}>
              {NAMED_COLORS.map((c) => (
                <Swatch
                  key={c.name}
                  color={c.hex}
                  label={`${c.name} ${c.hex}`}
                  size={20}
                  selected={same(c.hex, value)}
                  onClick={() => {
                    onChange(c.hex);
                    setPaletteOpen(false);
                  }}
                />
              ))}
            </SimpleGrid>
          </Popover.Dropdown>
        </Popover>
      </Group>
    </Stack>
  );
}
