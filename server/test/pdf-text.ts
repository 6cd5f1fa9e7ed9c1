import { inflateSync } from 'node:zlib';

// WinAnsiEncoding's bytes 0x80-0x9f, which differ from Latin-1 (PDF 32000-1, annex D).
const WIN_ANSI = new Map<number, string>([
  [0x80, '€'],
  [0x82, '‚'],
  [0x83, 'ƒ'],
  [0x84, '„'],
  [0x85, '…'],
  [0x86, '†'],
  [0x87, '‡'],
  [0x88, 'ˆ'],
  [0x89, '‰'],
  [0x8a, 'Š'],
  [0x8b, '‹'],
  [0x8c, 'Œ'],
  [0x8e, 'Ž'],
  [0x91, '‘'],
  [0x92, '’'],
  [0x93, '“'],
  [0x94, '”'],
  [0x95, '•'],
  [0x96, '–'],
  [0x97, '—'],
  [0x98, '˜'],
  [0x99, '™'],
  [0x9a, 'š'],
  [0x9b, '›'],
  [0x9c, 'œ'],
  [0x9e, 'ž'],
  [0x9f, 'Ÿ'],
]);

function decodeHex(hex: string): string {
  let text = '';
  for (let i = 0; i + 1 < hex.length; i += 2) {
    const byte = parseInt(hex.slice(i, i + 2), 16);
    text += WIN_ANSI.get(byte) ?? String.fromCharCode(byte);
  }
  return text;
}

/** A stream's content, inflated when its dictionary says it is compressed. */
function streamContent(dict: string, raw: Buffer): string {
  return (/\/Filter\s*\/FlateDecode/.test(dict) ? inflateSync(raw) : raw).toString('latin1');
}

/**
 * The streams of a PDF by object number, and the text of each object's dictionary. A stream is
 * read for the `/Length` its dictionary gives (PDFKit writes it directly), not up to the next
 * `endstream`: compressed bytes may end in a carriage return, which belongs to the stream.
 */
function objects(source: string): Map<number, { dict: string; stream: string | null }> {
  const found = new Map<number, { dict: string; stream: string | null }>();
  const header = /(\d+) 0 obj\s*/g;
  for (let m = header.exec(source); m; m = header.exec(source)) {
    const start = header.lastIndex;
    const streamAt = source.indexOf('stream', start);
    const endAt = source.indexOf('endobj', start);
    if (endAt < 0) break;
    if (streamAt < 0 || streamAt > endAt) {
      found.set(Number(m[1]), { dict: source.slice(start, endAt), stream: null });
      header.lastIndex = endAt;
      continue;
    }
    const dict = source.slice(start, streamAt);
    const length = /\/Length (\d+)(?! \d+ R)/.exec(dict);
    if (!length) throw new Error(`PDF object ${m[1]} gives its stream no direct /Length`);
    const dataAt = streamAt + (source.startsWith('stream\r\n', streamAt) ? 8 : 7);
    const dataEnd = dataAt + Number(length[1]);
    found.set(Number(m[1]), { dict, stream: streamContent(dict, Buffer.from(source.slice(dataAt, dataEnd), 'latin1')) });
    const after = source.indexOf('endobj', dataEnd);
    // A /Length past the object's end would otherwise send the search back to the file's start, for ever.
    if (after < 0) throw new Error(`PDF object ${m[1]} has no endobj after its stream's ${length[1]} bytes`);
    header.lastIndex = after;
  }
  return found;
}

/** A ToUnicode CMap's codes and the text each stands for. */
function toUnicode(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  const utf16 = (hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)));
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(m[1]!.toLowerCase(), utf16(m[2]!));
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
      const from = parseInt(m[1]!, 16);
      const to = parseInt(m[2]!, 16);
      const width = m[1]!.length;
      // A target may be several characters (a ligature), written with spaces between them.
      const targets = m[3]!.startsWith('[') ? [...m[3]!.matchAll(/<([0-9a-fA-F\s]+)>/g)].map((t) => utf16(t[1]!.replace(/\s/g, ''))) : null;
      for (let code = from; code <= to; code++) {
        const key = code.toString(16).padStart(width, '0');
        if (targets) map.set(key, targets[code - from] ?? '');
        else {
          const base = m[3]!.slice(1, -1);
          const last = parseInt(base.slice(-4), 16) + (code - from);
          map.set(key, utf16(base.slice(0, -4) + last.toString(16).padStart(4, '0')));
        }
      }
    }
  }
  return map;
}

/**
 * The text of a PDF as PDFKit writes it: every content stream, inflated when compressed, read for
 * its text-showing operators. Text in the standard fonts is read as WinAnsi; text in an embedded
 * font through the font's ToUnicode map. Each `TJ` array is one run of text; runs are joined by
 * line breaks.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const objs = objects(source);
  // The ToUnicode map of every font object that has one, by the font's object number.
  const maps = new Map<number, Map<string, string>>();
  for (const [n, o] of objs) {
    const ref = /\/ToUnicode (\d+) 0 R/.exec(o.dict);
    if (ref) maps.set(n, toUnicode(objs.get(Number(ref[1]))?.stream ?? ''));
  }
  // A font resource name (`/F1`) to its font object, from every resource dictionary.
  const fontByName = new Map<string, number>();
  for (const o of objs.values()) {
    const fonts = /\/Font\s*<<([\s\S]*?)>>/.exec(o.dict);
    if (fonts) for (const m of fonts[1]!.matchAll(/\/(\S+?) (\d+) 0 R/g)) fontByName.set(m[1]!, Number(m[2]));
  }
  const runs: string[] = [];
  for (const o of objs.values()) {
    if (o.stream === null || !/TJ/.test(o.stream)) continue;
    let map: Map<string, string> | undefined;
    for (const op of o.stream.matchAll(/\/(\S+) [\d.]+ Tf|\[((?:<[0-9a-fA-F]*>|\s|-?[\d.]+)*)\]\s*TJ/g)) {
      if (op[1] !== undefined) {
        map = maps.get(fontByName.get(op[1]) ?? -1);
        continue;
      }
      const parts = [...op[2]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]!);
      runs.push(
        map
          ? parts.map((hex) => (hex.match(/.{4}/g) ?? []).map((code) => map!.get(code.toLowerCase()) ?? '').join('')).join('')
          : parts.map(decodeHex).join(''),
      );
    }
  }
  return runs.join('\n');
}
