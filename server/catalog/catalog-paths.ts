// The catalogue's addresses as the API reads them: category paths taken from a URL, and the Russian 404
// messages of the things a catalogue address can name.
export const NOT_FOUND = {
  category: 'Категория не найдена',
  landing: 'Подборка не найдена',
  brand: 'Бренд не найден',
  product: 'Товар не найден',
} as const;

/** "kupalniki", "muzhskoe/odezhda/futbolki": lower-case slugs joined by slashes, at most 6 levels. */
const CATEGORY_PATH = /^[a-z0-9-]{1,100}(?:\/[a-z0-9-]{1,100}){0,5}$/;

export function isCategoryPath(path: string): boolean {
  return CATEGORY_PATH.test(path);
}

/** A path taken from the URL: surrounding slashes dropped. */
export const trimSlashes = (path: string) => path.replace(/^\/+|\/+$/g, '');
