// The document title's rules of spec §2, in Russian (app and server): the shop's name, and a page's own name
// before it. Each route's own name is declared by its page module (common/pages/); a route's SEO record, when
// the server has one, wins.
export const SHOP_NAME = 'Море и Мода';

/** The home page's title, which stands alone; also the title of a route that names none. */
export const HOME_TITLE = 'Море и Мода — купальники, бельё и одежда с доставкой по России';

/** A page's own name as a document title: "Бикини — Море и Мода". */
export const namedTitle = (name: string) => `${name} — ${SHOP_NAME}`;

/** The error page's title. */
export const ERROR_TITLE = namedTitle('Ошибка');

/** A product page's title: "Бикини «Мальдивы» — Maaji — Море и Мода". */
export const productTitle = (name: string, brand: string) => namedTitle(`${name} — ${brand}`);

/** A route's title from its own name: "Купальники — Море и Мода"; the home title when it names none. */
export const pageTitle = (name: string | undefined): string => (name ? namedTitle(name) : HOME_TITLE);
