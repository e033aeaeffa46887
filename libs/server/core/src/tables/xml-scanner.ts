import { TableFileError, TableFileMsg } from './table-limits';

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
/** Longest reference (`&#x10FFFF;`), so text is held back only while a reference may still be arriving. */
const MAX_REFERENCE = 10;
/** Longest tag: the tags of Office Open XML parts are a few hundred characters at most. */
export const MAX_TAG_CHARS = 64 * 1024;

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

/** Inside what the scanner is: text (or a tag, held in `rest` until its end arrives), a comment, CDATA, a processing instruction. */
type Mode = 'text' | 'comment' | 'cdata' | 'instruction';

const ENDS: Record<Exclude<Mode, 'text'>, string> = { comment: '-->', cdata: ']]>', instruction: '?>' };

/**
 * A streaming scanner for the XML of Office Open XML parts: elements, attributes, text and CDATA,
 * with comments, processing instructions and the document type skipped. It takes text in chunks
 * of any size (the bytes already decoded), so nothing depends on where a chunk ends. Text, CDATA
 * and comments pass through as they arrive, and a tag is looked at once, however it is split, so
 * the work is linear in the input and it holds at most one tag of MAX_TAG_CHARS (a longer one is
 * refused: no workbook writes one). It checks no more than it must: the parts come from a
 * workbook, and a malformed one ends in a short read.
 */
export class XmlScanner {
  /** Input not consumed yet: a tag whose end has not arrived, or the end of text that may be a reference or a terminator. */
  private rest = '';
  private mode: Mode = 'text';
  /** For a tag held in `rest`: how far its end has been looked for, and the quote open there. */
  private scanned = 0;
  private quote = '';
  private started = false;

  constructor(private readonly on: XmlHandlers) {}

  write(chunk: string): void {
    let s = this.rest ? this.rest + chunk : chunk;
    if (!this.started && s.length > 0) {
      this.started = true;
      if (s.charCodeAt(0) === 0xfeff) s = s.slice(1);
    }
    let i = 0;
    while (i < s.length) {
      if (this.mode !== 'text') {
        const terminator = ENDS[this.mode];
        const end = s.indexOf(terminator, i);
        // Keep what may be the beginning of the terminator.
        const upto = end === -1 ? Math.max(i, s.length - (terminator.length - 1)) : end;
        if (this.mode === 'cdata' && upto > i) this.on.text?.(s.slice(i, upto));
        i = upto;
        if (end === -1) break;
        i += terminator.length;
        this.mode = 'text';
        continue;
      }
      const lt = s.indexOf('<', i);
      if (lt === -1) {
        i = this.flushText(s, i);
        break;
      }
      if (lt > i) this.on.text?.(xmlText(s.slice(i, lt)));
      i = lt;
      const next = this.markup(s, lt);
      if (next === -1) break;
      i = next;
    }
    this.rest = s.slice(i);
    if (this.rest.length > MAX_TAG_CHARS) throw new TableFileError(TableFileMsg.unreadableExcel, 'unreadable');
  }

  /** Text after the last element is not reported: a part ends with its root element. */
  end(): void {
    this.rest = '';
    this.mode = 'text';
    this.scanned = 0;
    this.quote = '';
  }

  /** Reports text from `from` to the end but a reference that may be cut; returns where the held-back text starts. */
  private flushText(s: string, from: number): number {
    const amp = s.lastIndexOf('&');
    const upto = amp >= from && s.length - amp < MAX_REFERENCE && !s.includes(';', amp) ? amp : s.length;
    if (upto > from) this.on.text?.(xmlText(s.slice(from, upto)));
    return upto;
  }

  /** Reports the markup at `lt` and returns where it ends, or -1 when the rest of it has not arrived yet. */
  private markup(s: string, lt: number): number {
    if (s.startsWith('<!--', lt)) return this.enter('comment', lt + 4);
    if (s.startsWith('<![CDATA[', lt)) return this.enter('cdata', lt + 9);
    if (s.startsWith('<?', lt)) return this.enter('instruction', lt + 2);
    if (s.length - lt < 9) {
      const head = s.slice(lt);
      if ('<![CDATA['.startsWith(head) || '<!--'.startsWith(head)) return -1;
    }
    const end = this.tagEnd(s, lt);
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

  private enter(mode: Mode, at: number): number {
    this.mode = mode;
    this.scanned = 0;
    this.quote = '';
    return at;
  }

  /**
   * Index of the `>` that ends the tag starting at `lt`, outside quoted attribute values; -1 when
   * it has not arrived, remembering how far it looked (a tag not complete is always at the start
   * of the next input).
   */
  private tagEnd(s: string, lt: number): number {
    let quote = lt === 0 ? this.quote : '';
    for (let i = lt === 0 && this.scanned > 0 ? this.scanned : lt + 1; i < s.length; i++) {
      const c = s[i];
      if (quote) {
        if (c === quote) quote = '';
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '>') {
        this.scanned = 0;
        this.quote = '';
        return i;
      }
    }
    this.scanned = s.length - lt;
    this.quote = quote;
    return -1;
  }
}
