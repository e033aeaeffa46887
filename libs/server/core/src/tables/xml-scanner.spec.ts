import { XmlScanner, xmlText } from './xml-scanner';

const DOCUMENT =
  '\ufeff<?xml version="1.0" encoding="UTF-8"?>\n<!-- a > comment --><x:sst xmlns:x="urn:x" count=\'2\'>' +
  '<x:si><x:t xml:space="preserve">阳光 &amp; 花园 &#x20000;&#39;</x:t></x:si>' +
  '<x:si><x:t><![CDATA[a<b>c]]></x:t><x:e a="1>2" b=\'&quot;q&quot;\'/></x:si></x:sst>';

function events(chunks: string[]): string[] {
  const seen: string[] = [];
  const scanner = new XmlScanner({
    open: (name, attributes, selfClosing) => seen.push(`<${name} ${JSON.stringify(attributes)}${selfClosing ? ' /' : ''}>`),
    close: (name) => seen.push(`</${name}>`),
    text: (text) => {
      if (seen.length > 0 && seen[seen.length - 1].startsWith('"'))
        seen[seen.length - 1] = JSON.stringify(JSON.parse(seen[seen.length - 1]) + text);
      else seen.push(JSON.stringify(text));
    },
  });
  for (const chunk of chunks) scanner.write(chunk);
  scanner.end();
  return seen;
}

describe('XmlScanner', () => {
  it('reports elements, attributes and text with references resolved, skipping comments and declarations', () => {
    expect(events([DOCUMENT])).toEqual([
      '"\\n"',
      '<sst {"x":"urn:x","count":"2"}>',
      '<si {}>',
      '<t {"space":"preserve"}>',
      JSON.stringify("阳光 & 花园 𠀀'"),
      '</t>',
      '</si>',
      '<si {}>',
      '<t {}>',
      '"a<b>c"',
      '</t>',
      '<e {"a":"1>2","b":"\\"q\\""} />',
      '</e>',
      '</si>',
      '</sst>',
    ]);
  });

  it('reports the same whatever the chunks the text comes in', () => {
    const whole = events([DOCUMENT]);
    for (const size of [1, 2, 3, 7]) {
      const chunks = Array.from({ length: Math.ceil(DOCUMENT.length / size) }, (_, i) => DOCUMENT.slice(i * size, i * size + size));
      expect(events(chunks)).toEqual(whole);
    }
  });

  it('resolves character and entity references', () => {
    expect(xmlText('&lt;a&gt; &amp;amp; &#65;&#x4E2D;')).toBe('<a> &amp; A中');
  });
});
