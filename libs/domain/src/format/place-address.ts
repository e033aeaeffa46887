/**
 * Whether a text begins with a place: its full name, or for a city its name without 市 (北京海淀区…).
 * A district's short name is not enough: 朝阳北路 is a road, not 朝阳区.
 */
function startsWithPlace(text: string, place: string): boolean {
  const city = place.endsWith('市') ? place.slice(0, -1) : null;
  return text.startsWith(place) || (city !== null && city.length >= 2 && text.startsWith(city));
}

/**
 * Joins the places of a property (city, district) and its address, leaving out each place the
 * address (or a later place) already starts with: 北京市 + 海淀区 + 海淀区紫竹院路1号 reads
 * 北京市 海淀区紫竹院路1号, not 北京市 海淀区 海淀区紫竹院路1号.
 */
export function joinPlaceAddress(parts: readonly (string | null | undefined)[], separator = ' '): string {
  const texts = parts.map((p) => (p ?? '').trim()).filter((p) => p !== '');
  const kept = texts.filter((text, i) => !texts.slice(i + 1).some((later) => startsWithPlace(later, text)));
  return kept.join(separator);
}
