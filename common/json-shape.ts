// How deep and how long a JSON text is, found before it is parsed: the server refuses a body or a `data`
// parameter nested deeper or holding a longer array than any of the shop's calls sends, before parsing,
// validating or walking it. Hand-written because JSON.parse takes no such limits and no package checks
// them without parsing first; one pass over the characters, stopping at the first limit passed.

/** Deeper than any request of the shop (an order with its buyer and items is 3 levels). */
export const JSON_DEPTH_MAX = 16;
/** Longer than any list a request carries (favourites and saved offers take 500). */
export const JSON_ARRAY_MAX = 1000;

export type JsonShapeProblem = 'tooDeep' | 'tooLong';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/** What is wrong with the text's shape, or null; text that is not JSON is left for the parser to refuse. */
export function jsonShapeProblem(text: string, maxDepth = JSON_DEPTH_MAX, maxItems = JSON_ARRAY_MAX): JsonShapeProblem | null {
  // Per open bracket: the commas seen in it when it is an array, -1 when it is an object.
  const open: number[] = [];
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (c === QUOTE) inString = true;
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (open.length >= maxDepth) return 'tooDeep';
      open.push(c === OPEN_ARRAY ? 0 : -1);
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) open.pop();
    else if (c === COMMA && open.length && open[open.length - 1]! >= 0) {
      // n commas separate n + 1 items.
      if (++open[open.length - 1]! >= maxItems) return 'tooLong';
    }
  }
  return null;
}
