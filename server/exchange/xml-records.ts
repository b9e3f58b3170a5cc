// Reads a CommerceML file as a stream of small records: the elements at the paths the caller names (one
// product, one offer, one order) each come as a little tree, and nothing else of the file is kept, so a
// 100 MB package costs the memory of one record. The bytes are decoded as the XML declaration says
// (windows-1251 or UTF-8, with or without a BOM) and parsed by saxes, a strict streaming parser: a file
// that is not well-formed XML fails with its line.
import { createReadStream } from 'node:fs';
import { TextDecoder } from 'node:util';
import { SaxesParser, type SaxesTagPlain } from 'saxes';

/** One element of a record: its attributes, its own text, its child elements in order, its line in the file. */
export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  text: string;
  children: XmlNode[];
  line: number;
}

/** The first child of that name. */
export const child = (node: XmlNode | undefined, name: string): XmlNode | undefined => node?.children.find((c) => c.name === name);

/** Every child of that name. */
export const children = (node: XmlNode | undefined, name: string): XmlNode[] => node?.children.filter((c) => c.name === name) ?? [];

/** The trimmed text of the child found by following names (''), e.g. textAt(offer, 'Цены', 'Цена', 'ЦенаЗаЕдиницу'). */
export function textAt(node: XmlNode | undefined, ...names: string[]): string {
  let at = node;
  for (const name of names) at = child(at, name);
  return at?.text.trim() ?? '';
}

const ROOT = 'КоммерческаяИнформация';
/** CommerceML nests a dozen levels; a file nested far deeper is refused before it costs anything. */
const MAX_DEPTH = 100;
const NOT_COMMERCEML = 'это не файл CommerceML: нет элемента КоммерческаяИнформация';

/** A reading the caller refuses: its message is Russian and names the line. */
export class XmlFileError extends Error {}

export interface XmlHandlers {
  /** Element paths from the root ('КоммерческаяИнформация/Каталог/Товары/Товар') whose elements come whole. */
  records: Record<string, (node: XmlNode) => void | Promise<void>>;
  /** Every element that opens at a depth of two or less (the root and its containers), with its attributes. */
  onOpen?: (path: string, attrs: Record<string, string>) => void;
}

/** The encoding named by the XML declaration or a BOM; UTF-8 by default, as XML says. */
export function sniffEncoding(head: Buffer): 'utf-8' | 'windows-1251' {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  const decl = /^<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/i.exec(head.subarray(0, 200).toString('latin1'));
  const name = decl?.[1].toLowerCase();
  if (!name || name === 'utf-8' || name === 'utf8') return 'utf-8';
  if (name === 'windows-1251' || name === 'cp1251' || name === 'cp-1251') return 'windows-1251';
  throw new XmlFileError(`кодировка ${decl![1]} не поддерживается: нужна UTF-8 или windows-1251`);
}

/**
 * Streams the file through the handlers. A record's handler may be async (it stages rows in the database);
 * the file is read on only after the records of the last piece are handled, so memory stays bounded.
 */
export async function readXmlRecords(file: string, handlers: XmlHandlers): Promise<void> {
  const parser = new SaxesParser<{ xmlns: false; position: true }>({ xmlns: false, position: true });
  const stack: XmlNode[] = [];
  const path: string[] = []; // the open elements' paths from the root, the innermost last
  let recordDepth = -1; // the depth of the record being collected, -1 when none
  let recordHandler: XmlHandlers['records'][string] | undefined;
  const ready: [XmlHandlers['records'][string], XmlNode][] = [];
  let failure: Error | undefined;
  let rootSeen = false;

  parser.on('opentag', (tag: SaxesTagPlain) => {
    if (path.length >= MAX_DEPTH)
      failure ??= new XmlFileError(`вложенность элементов глубже ${MAX_DEPTH}, строка ${parser.line}: это не CommerceML`);
    // Each element's path is its parent's and its name: built once, never joined from the whole stack again.
    const at = path.length >= MAX_DEPTH ? '' : path.length ? `${path[path.length - 1]}/${tag.name}` : tag.name;
    path.push(at);
    if (path.length === 1) {
      rootSeen = true;
      if (tag.name !== ROOT) failure ??= new XmlFileError(NOT_COMMERCEML);
    }
    if (path.length <= 3) handlers.onOpen?.(at, tag.attributes as Record<string, string>);
    if (recordDepth < 0) {
      const handler = handlers.records[at];
      if (!handler) return;
      recordDepth = path.length;
      recordHandler = handler;
    }
    const node: XmlNode = { name: tag.name, attrs: tag.attributes as Record<string, string>, text: '', children: [], line: parser.line };
    stack.at(-1)?.children.push(node);
    stack.push(node);
  });
  const addText = (t: string) => {
    const top = stack.at(-1);
    if (top) top.text += t;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => {
    if (recordDepth >= 0) {
      const node = stack.pop()!;
      if (path.length === recordDepth) {
        ready.push([recordHandler!, node]);
        recordDepth = -1;
        recordHandler = undefined;
      }
    }
    path.pop();
  });
  parser.on('error', (err) => {
    failure ??= new XmlFileError(`файл не читается как XML, строка ${parser.line}: ${err.message.replace(/^[^:]*:\d+:\d+: /, '')}`);
  });

  let decoder: TextDecoder | undefined;
  const drain = async () => {
    if (failure) throw failure;
    for (const [handler, node] of ready.splice(0)) await handler(node);
  };
  for await (const piece of createReadStream(file, { highWaterMark: 256 * 1024 })) {
    const bytes = piece as Buffer;
    decoder ??= new TextDecoder(sniffEncoding(bytes), { fatal: true });
    let text: string;
    try {
      text = decoder.decode(bytes, { stream: true });
    } catch {
      throw new XmlFileError(`файл не в кодировке ${decoder.encoding === 'utf-8' ? 'UTF-8' : decoder.encoding}, строка ${parser.line}`);
    }
    parser.write(text);
    await drain();
  }
  if (!decoder) throw new XmlFileError('файл пуст');
  parser.close();
  await drain();
  if (!rootSeen) throw new XmlFileError(NOT_COMMERCEML);
}
