// A small element tree of an XML document, parsed by saxes (the strict parser the exchange with 1C uses): a
// document that is not well-formed XML throws, as a marketplace's parser refuses it. The feeds' tests read
// documents of several megabytes many times; a DOM (jsdom) took seconds for each, this takes milliseconds.
import { SaxesParser } from 'saxes';

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The text directly inside the element (its children's text left out). */
  text: string;
}

/** The document's root element; throws on anything that is not well-formed XML. */
export function parseXml(xml: string): XmlElement {
  const parser = new SaxesParser();
  const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const open: XmlElement[] = [root];
  parser.on('error', (err) => {
    throw err;
  });
  parser.on('opentag', (tag) => {
    const el: XmlElement = { name: tag.name, attributes: tag.attributes as Record<string, string>, children: [], text: '' };
    open[open.length - 1].children.push(el);
    open.push(el);
  });
  parser.on('closetag', () => void open.pop());
  parser.on('text', (text) => (open[open.length - 1].text += text));
  parser.on('cdata', (text) => (open[open.length - 1].text += text));
  parser.write(xml).close();
  if (root.children.length !== 1) throw new Error('An XML document has one root element');
  return root.children[0];
}

/** Every element named `name` under `el`, in document order. */
export function descendants(el: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  const walk = (at: XmlElement) => {
    for (const child of at.children) {
      if (child.name === name) found.push(child);
      walk(child);
    }
  };
  walk(el);
  return found;
}

/** The text of the first element named `name` under `el`, or null when there is none. */
export const textOf = (el: XmlElement, name: string): string | null => descendants(el, name)[0]?.text ?? null;
