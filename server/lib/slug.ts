// The Latin slug of a Russian name, for the addresses of products and categories (the shop's seed and the
// accounting system's goods alike): a fixed letter table (the one of the shop's URLs since it opened, so
// addresses stay as they were), every other character a hyphen.
const TRANSLIT: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'j',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'h',
  ц: 'c',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

/** "Купальник слитный «Мальдивы»" -> "kupalnik-slitnyj-maldivy". */
export function slugOf(text: string): string {
  return [...text.toLowerCase()]
    .map((ch) => TRANSLIT[ch] ?? ch)
    .join('')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The slug of a name not yet in `taken` ("plavki", then "plavki-2", …), added to it; `fallback` for a name with no letters. */
export function uniqueSlug(name: string, taken: Set<string>, fallback: string): string {
  const base = slugOf(name) || fallback;
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  taken.add(slug);
  return slug;
}
