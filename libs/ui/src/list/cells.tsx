import { Text, Tooltip } from '@mantine/core';
import { formatDateTime } from '@valuation/domain';
import { EMPTY_CELL } from './PagedTable';

/** A moment in a table: the business day on one line and the time under it, dimmed. */
export function DateTimeCell({ value }: { value: string | null | undefined }) {
  const text = value ? formatDateTime(value) : '';
  if (!text) return <>{EMPTY_CELL}</>;
  const [day, time] = text.split(' ');
  return (
    <div style={{ whiteSpace: 'nowrap' }}>
      <div>{day}</div>
      {time && (
        <Text size="xs" c="dimmed">
          {time}
        </Text>
      )}
    </div>
  );
}

/** Location text cut at 10 characters in the lists (the spec's rule); the whole text on hover. */
export const SHORT_TEXT_CHARS = 10;

/** Text cut at `max` characters with an ellipsis; `--` for nothing. */
export function shortText(value: string | null | undefined, max = SHORT_TEXT_CHARS): string {
  if (!value) return EMPTY_CELL;
  const chars = [...value];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : value;
}

/** Text cut at `max` characters, the whole text on hover; on one line unless `wrap` (long texts such as the log's). */
export function ShortText({
  text,
  max = SHORT_TEXT_CHARS,
  dimmed,
  wrap,
}: {
  text: string | null | undefined;
  max?: number;
  dimmed?: boolean;
  wrap?: boolean;
}) {
  if (!text) return <>{EMPTY_CELL}</>;
  const chars = [...text];
  const size = dimmed ? 'xs' : 'sm';
  const color = dimmed ? 'dimmed' : undefined;
  const style = { whiteSpace: wrap ? 'normal' : 'nowrap' } as const;
  if (chars.length <= max)
    return (
      <Text span size={size} c={color} style={style}>
        {text}
      </Text>
    );
  return (
    <Tooltip label={text} withArrow multiline maw={wrap ? 480 : 320}>
      <Text span size={size} c={color} style={style}>{`${chars.slice(0, max).join('')}…`}</Text>
    </Tooltip>
  );
}

/** A cell of two lines: the main text and a dimmed one under it (a name and its phone). */
export function TwoLineCell({ main, sub }: { main: string | null | undefined; sub?: string | null }) {
  return (
    <div style={{ lineHeight: 1.35 }}>
      <Text size="sm">{main || EMPTY_CELL}</Text>
      {sub && (
        <Text size="xs" c="dimmed">
          {sub}
        </Text>
      )}
    </div>
  );
}

/** A property's certificate address over its community (cut at 10 characters); the community alone without an address. */
export function AddressCell({ address, place }: { address: string | null | undefined; place: string | null | undefined }) {
  return address ? <TwoLineCell main={address} sub={place ? shortText(place) : null} /> : <ShortText text={place} />;
}
