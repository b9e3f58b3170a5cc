// Writing CommerceML: text and attribute values escaped for XML (the server's escapeMarkup), and a document turned into the bytes of the
// encoding 1C asked for (iconv-lite: Node itself encodes no windows-1251). The documents are written as
// strings line by line: a builder library would hold a DOM of every order for nothing.
import iconv from 'iconv-lite';
import { escapeMarkup } from '../http/public.ts';

/** Text or an attribute value, escaped (the server's one escaping function). */
export const xml = (value: string | number): string => escapeMarkup(String(value));

/** `<name>text</name>`, escaped. */
export const el = (name: string, value: string | number): string => `<${name}>${xml(value)}</${name}>`;

/** The document's bytes in the encoding its declaration names. */
export function encodeDocument(body: string, encoding: 'windows-1251' | 'utf-8'): Buffer {
  const text = `<?xml version="1.0" encoding="${encoding}"?>\n${body}`;
  if (encoding === 'utf-8') return Buffer.from(text, 'utf8');
  // A character windows-1251 has no byte for (an emoji, «ë») goes as a character reference, not as «?».
  const representable = text.replace(/[^\u0020-\u007e\n\u0400-\u045f]/gu, (ch) =>
    ch !== '?' && iconv.encode(ch, 'win1251')[0] === 0x3f ? `&#${ch.codePointAt(0)};` : ch,
  );
  return iconv.encode(representable, 'win1251');
}

/** Roubles as CommerceML writes sums: a dot and two decimals. */
export const money = (kopecks: number): string => (kopecks / 100).toFixed(2);
