// Search normalisation shared by the worker and the server: case, ё/е, Latin transliteration and the wrong keyboard
// layout, so "Купальник", "купальник", "kupalnik" and "regfkmybr" all find the same offers. Pure.
const LAYOUT_EN = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`";
const LAYOUT_RU = 'йцукенгшщзхъфывапролджэячсмитьбюё';

const TRANSLIT: [string, string][] = [
  ['shch', 'щ'],
  ['sch', 'щ'],
  ['yo', 'ё'],
  ['zh', 'ж'],
  ['kh', 'х'],
  ['ts', 'ц'],
  ['ch', 'ч'],
  ['sh', 'ш'],
  ['yu', 'ю'],
  ['ya', 'я'],
  ['ye', 'е'],
  ['a', 'а'],
  ['b', 'б'],
  ['v', 'в'],
  ['g', 'г'],
  ['d', 'д'],
  ['e', 'е'],
  ['z', 'з'],
  ['i', 'и'],
  ['j', 'й'],
  ['y', 'ы'],
  ['k', 'к'],
  ['l', 'л'],
  ['m', 'м'],
  ['n', 'н'],
  ['o', 'о'],
  ['p', 'п'],
  ['r', 'р'],
  ['s', 'с'],
  ['t', 'т'],
  ['u', 'у'],
  ['f', 'ф'],
  ['h', 'х'],
  ['c', 'к'],
  ['w', 'в'],
  ['x', 'кс'],
  ['q', 'к'],
];

/** Lower case, ё -> е, punctuation to spaces, spaces collapsed. */
export function normalize(s: string): string {
  return s
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** What was typed on the Latin layout while meaning Russian: "rfgkz" -> "капля". */
export function fromWrongLayout(s: string): string {
  return [...s.toLowerCase()]
    .map((ch) => {
      const i = LAYOUT_EN.indexOf(ch);
      return i >= 0 ? LAYOUT_RU[i] : ch;
    })
    .join('');
}

/** Latin transliteration back to Cyrillic: "kupalnik" -> "купалник". */
export function fromTranslit(s: string): string {
  let out = '';
  let i = 0;
  const lower = s.toLowerCase();
  outer: while (i < lower.length) {
    for (const [lat, cyr] of TRANSLIT) {
      if (lower.startsWith(lat, i)) {
        out += cyr;
        i += lat.length;
        continue outer;
      }
    }
    out += lower[i];
    i += 1;
  }
  return out;
}

/** Latin spelling drops the soft sign: "kupalnik" means "купальник", so л before a consonant gets one. */
export function withSoftSigns(cyrillic: string): string {
  return cyrillic.replace(/л(?=[бвгджзклмнпрстфхцчшщ])/g, 'ль');
}

/** Every reading of a query worth trying, normalised; soft signs are dropped so transliteration matches. */
export function queryVariants(query: string): string[] {
  const base = normalize(query);
  if (!base) return [];
  const translit = normalize(fromTranslit(query));
  const set = new Set([base, normalize(fromWrongLayout(query)), translit, withSoftSigns(translit)]);
  return [...set].filter(Boolean);
}
