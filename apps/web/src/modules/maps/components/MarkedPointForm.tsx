import { Button, Loader, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { MapMsg } from '../lib/map-constants';

export interface MarkedPointFormProps {
  address: string;
  loading: boolean;
  /** How the point was found (已定位到：…), when the geocoder placed it from a typed address. */
  note?: string;
  onAddressChange: (value: string) => void;
  /** Undefined when quick valuation cannot be opened; the action is then disabled. */
  onEvaluate?: () => void;
}

/** The popup of a point marked on the map: its editable address and the evaluate action. */
export function MarkedPointForm({ address, loading, note, onAddressChange, onEvaluate }: MarkedPointFormProps) {
  const input = useRef<HTMLTextAreaElement>(null);
  const isPlaceholder = address === MapMsg.noAddress;

  useEffect(() => {
    if (!loading && isPlaceholder) input.current?.select();
  }, [loading, isPlaceholder]);

  return (
    <Stack gap={6} w={240}>
      <Text fw={600} size="sm">
        标注位置
      </Text>
      {note && (
        <Stack gap={2}>
          <Text size="xs" c="teal.8">
            {note}
          </Text>
          <Text size="xs" c="dimmed">
            {MapMsg.moveHint}
          </Text>
        </Stack>
      )}
      {loading ? (
        <Loader size="xs" />
      ) : (
        <Textarea
          ref={input}
          label="地址"
          size="xs"
          autosize
          minRows={2}
          maxRows={4}
          value={address}
          onChange={(e) => onAddressChange(e.currentTarget.value)}
          styles={{ input: isPlaceholder ? { color: 'var(--mantine-color-dimmed)' } : undefined }}
        />
      )}
      <Button size="xs" onClick={onEvaluate} disabled={!onEvaluate || loading}>
        评估该房产
      </Button>
    </Stack>
  );
}
