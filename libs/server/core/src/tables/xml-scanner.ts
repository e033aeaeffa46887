/** What an XmlScanner reports; names are local names, without a namespace prefix. */
export interface XmlHandlers {
  open?(name: string, attributes: Readonly<Record<string, string>>, selfClosing: boolean): void;
  close?(name: string): void;
  /** Character data with references resolved; one element's text may come in several calls. */
  text?(text: string): void;
}

const REFERENCE = /&(#x[0-9a-fA-F]+|#\d+|lt|gt|amp|quot|apos);/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const ATTRIBUTE = /([^\s=/]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** Text with its character and entity references resolved. */
export function xmlText(raw: string): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(REFERENCE, (_, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref];
    const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
  });
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** Index of the `>` that ends the tag starting at `from`, outside quoted attribute values; -1 when not yet read. */
function tagEnd(s: string, from: number): number {
  let quote = '';
  for (let i = from; i < s.length; i++) {
    const c = s[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') return i;
  }
  return -1;
}

/**
 * A streaming scanner for the XML of Office Open XML parts: elements, attributes, text and CDATA,
 * with comments, processing instructions and the document type skipped. It takes text in chunks
 * of any size (the bytes already decoded), so nothing depends on where a chunk ends. It checks no
 * more than it must: the parts come from a workbook, and a malformed one ends in a short read.
 */
export class XmlScanner {
  private rest = '';
  private started = false;

  constructor(private readonly on: XmlHandlers) {}

  write(chunk: string): void {
    let s = this.rest ? this.rest + chunk : chunk;
    if (!this.started && s.length > 0) {
      this.started = true;
      if (s.charCodeAt(0) === 0xfeff) s = s.slice(1);
    }
    let i = 0;
    for (;;) {
      const lt = s.indexOf('<', i);
      if (lt === -1) break;
      if (lt > i) this.on.text?.(xmlText(s.slice(i, lt)));
      i = lt;
      const next = this.markup(s, lt);
      if (next === -1) break;
      i = next;
    }
    this.rest = s.slice(i);
  }

  /** Text after the last element is not reported: a part ends with its root element. */
  end(): void {
    this.rest = '';
  }

  /** Reports the markup at `lt` and returns where it ends, or -1 when it is not complete yet. */
  private markup(s: string, lt: number): number {
    if (s.startsWith('<!--', lt)) {
      const end = s.indexOf('-->', lt + 4);
      return end === -1 ? -1 : end + 3;
    }
    if (s.startsWith('<![CDATA[', lt)) {
      const end = s.indexOf(']]>', lt + 9);
      if (end === -1) return -1;
      this.on.text?.(s.slice(lt + 9, end));
      return end + 3;
    }
    if (s.startsWith('<?', lt)) {
      const end = s.indexOf('?>', lt + 2);
      return end === -1 ? -1 : end + 2;
    }
    if (s.length - lt < 9 && '<![CDATA['.startsWith(s.slice(lt))) return -1;
    const end = tagEnd(s, lt + 1);
    if (end === -1) return -1;
    if (s[lt + 1] === '!') return end + 1;
    if (s[lt + 1] === '/') {
      this.on.close?.(localName(s.slice(lt + 2, end).trim()));
      return end + 1;
    }
    const selfClosing = s[end - 1] === '/';
    const body = s.slice(lt + 1, selfClosing ? end - 1 : end);
    const space = body.search(/\s/);
    const name = localName(space === -1 ? body : body.slice(0, space));
    const attributes: Record<string, string> = {};
    if (space !== -1 && this.on.open) {
      for (const m of body.slice(space).matchAll(ATTRIBUTE)) attributes[localName(m[1])] = xmlText(m[2] ?? m[3]);
    }
    this.on.open?.(name, attributes, selfClosing);
    if (selfClosing) this.on.close?.(name);
    return end + 1;
  }
}
