// The catalogue's fixed Russian data: the category tree with what each leaf sells (sizes, price range, product
// types, compositions), brands, colours and model names.

export type SizeKind = 'women' | 'plus' | 'bra' | 'shoes' | 'menShoes' | 'kids' | 'men' | 'one';
export type DescGroup = 'swim' | 'beach' | 'bra' | 'lingerie' | 'home' | 'clothes' | 'shoes' | 'acc' | 'kids' | 'menSwim' | 'men';

export const SIZES: Record<SizeKind, readonly string[]> = {
  women: ['XS', 'S', 'M', 'L', 'XL'],
  plus: ['XL', '2XL', '3XL', '4XL'],
  bra: ['70B', '75B', '75C', '80B', '80C', '85C'],
  shoes: ['36', '37', '38', '39', '40', '41'],
  menShoes: ['40', '41', '42', '43', '44', '45'],
  kids: ['92', '104', '116', '128', '140'],
  men: ['46', '48', '50', '52', '54', '56'],
  one: ['Один размер'],
};

export interface LeafSpec {
  kind: SizeKind;
  desc: DescGroup;
  comp: readonly string[];
  /** Price range in roubles before the brand's factor. */
  price: readonly [number, number];
  /** Product types; a product's name is `${type} «${model}»`. */
  types: readonly string[];
  /** About half the products of this leaf are sold as a top + bottom set. */
  sets?: boolean;
  /** Model names for this leaf (default: MODELS). */
  models?: readonly string[];
}

export interface CatNode {
  slug: string;
  name: string;
  tags?: readonly (readonly [slug: string, name: string])[];
  children?: readonly CatNode[];
  leaf?: LeafSpec;
  /** Share of the products of the whole catalogue (roots only). */
  weight?: number;
}

const COMP = {
  swim: [
    '82% полиамид, 18% эластан',
    '80% полиамид, 20% эластан',
    '78% переработанный полиамид, 22% эластан',
    '85% полиэстер, 15% эластан',
    '72% полиамид, 28% эластан',
  ],
  beach: ['100% вискоза', '100% хлопок', '60% хлопок, 40% вискоза', '100% полиэстер (шифон)'],
  lingerie: [
    '90% полиамид, 10% эластан',
    '95% хлопок, 5% эластан',
    '85% полиамид, 15% эластан',
    '92% модал, 8% эластан',
    '70% полиамид, 30% эластан (кружево)',
  ],
  clothes: ['100% лён', '100% хлопок', '55% лён, 45% вискоза', '95% хлопок, 5% эластан', '100% вискоза', '70% вискоза, 30% полиэстер'],
  shoes: [
    'Верх: натуральная кожа; подкладка: кожа; подошва: резина',
    'Верх: текстиль; подошва: джут, резина',
    'Верх: экокожа; подошва: ЭВА',
    'Верх: замша; подкладка: кожа; подошва: ТЭП',
  ],
  rubber: ['ПВХ, резина', 'Резина, текстильный ремешок', 'ЭВА'],
  bags: ['Солома, хлопок', '100% хлопок', 'Рафия, натуральная кожа'],
  hats: ['100% солома', 'Рафия', '100% хлопок'],
  glasses: ['Оправа: ацетат; линзы: поликарбонат, UV400', 'Оправа: металл; линзы: стекло, UV400'],
  scarves: ['100% шёлк', '100% вискоза', '100% хлопок'],
  belts: ['Натуральная кожа, металл', 'Хлопковый шнур, металл'],
  jewelry: ['Латунь, позолота', 'Серебро 925', 'Бижутерный сплав, эмаль'],
  towels: ['100% хлопок (махра)', 'Микрофибра'],
  home: ['100% хлопок', '100% вискоза', '95% вискоза, 5% эластан', '100% хлопок (сатин)'],
  kids: ['80% полиамид, 20% эластан', '100% хлопок', '95% хлопок, 5% эластан'],
  menSwim: ['100% полиэстер', '85% полиамид, 15% эластан', '90% полиэстер, 10% эластан'],
  menClothes: ['100% хлопок', '100% лён', '60% хлопок, 40% лён'],
  menUnderwear: ['95% хлопок, 5% эластан', '92% модал, 8% эластан'],
} as const;

const KIDS_MODELS = [
  'Русалочка',
  'Звёздочка',
  'Морячок',
  'Дельфин',
  'Ракушка',
  'Капитан',
  'Пират',
  'Черепашка',
  'Солнышко',
  'Кит',
  'Осьминожка',
  'Ромашка',
  'Бабочка',
  'Краб',
  'Чайка',
  'Якорь',
  'Лимонад',
  'Арбуз',
];

const swim = (types: string[], price: [number, number] = [2990, 16990], sets = false): LeafSpec => ({
  kind: 'women',
  desc: 'swim',
  comp: COMP.swim,
  price,
  types,
  sets,
});
const leaf = (
  kind: SizeKind,
  desc: DescGroup,
  comp: readonly string[],
  price: [number, number],
  types: string[],
  models?: readonly string[],
): LeafSpec => (models ? { kind, desc, comp, price, types, models } : { kind, desc, comp, price, types });

const NEW = ['novaya-kollekciya', 'Новая коллекция'] as const;
const HITS = ['hity-prodazh', 'Хиты продаж'] as const;
const TRIP = ['dlya-otpuska', 'Для отпуска'] as const;
const BEACH = ['dlya-plyazha', 'Для пляжа'] as const;

/** The 7 roots, in their order on the site (= position). */
export const CATEGORY_TREE: readonly CatNode[] = [
  {
    slug: 'kupalniki',
    name: 'Купальники',
    weight: 40,
    tags: [NEW, HITS, TRIP, ['s-printom', 'С принтом']],
    children: [
      {
        slug: 'slitnye',
        name: 'Слитные',
        leaf: swim(['Купальник слитный'], [3990, 18990]),
        tags: [
          ['s-otkrytoj-spinoj', 'С открытой спиной'],
          ['s-vyrezami', 'С вырезами'],
        ],
      },
      { slug: 'razdelnye', name: 'Раздельные', leaf: swim(['Купальник раздельный'], [2990, 19990], true) },
      {
        slug: 'bikini',
        name: 'Бикини',
        leaf: swim(['Бикини', 'Купальник-бикини'], [2990, 24990], true),
        tags: [
          ['brazilskie', 'Бразильские'],
          ['s-zavyazkami', 'С завязками'],
        ],
      },
      { slug: 'monokini', name: 'Монокини', leaf: swim(['Монокини'], [4990, 19990]) },
      { slug: 'tankini', name: 'Танкини', leaf: swim(['Танкини', 'Купальник-танкини']) },
      { slug: 'push-ap', name: 'Пуш-ап', leaf: swim(['Купальник пуш-ап']) },
      { slug: 'bando', name: 'Бандо', leaf: swim(['Купальник бандо', 'Купальник с лифом-бандо']) },
      { slug: 's-vysokoj-taliej', name: 'С высокой талией', leaf: swim(['Купальник с высокой талией']) },
      { slug: 'sportivnye', name: 'Спортивные', leaf: swim(['Спортивный купальник', 'Купальник для бассейна'], [2490, 8990]) },
      { slug: 'utyagivayushchie', name: 'Утягивающие', leaf: swim(['Утягивающий купальник', 'Корректирующий купальник'], [3990, 14990]) },
      { slug: 'dlya-beremennyh', name: 'Для беременных', leaf: swim(['Купальник для беременных'], [3490, 9990]) },
      {
        slug: 'bolshih-razmerov',
        name: 'Больших размеров',
        leaf: { ...swim(['Купальник больших размеров', 'Слитный купальник больших размеров'], [3490, 12990]), kind: 'plus' },
      },
      {
        slug: 'plyazhnye-tuniki',
        name: 'Пляжные туники',
        leaf: leaf('women', 'beach', COMP.beach, [1990, 9990], ['Пляжная туника', 'Туника']),
      },
      { slug: 'pareo', name: 'Парео', leaf: leaf('one', 'beach', COMP.beach, [990, 5990], ['Парео']) },
      {
        slug: 'plyazhnye-platya',
        name: 'Пляжные платья',
        leaf: leaf('women', 'beach', COMP.beach, [2490, 12990], ['Пляжное платье', 'Платье-сарафан']),
      },
    ],
  },
  {
    slug: 'bele',
    name: 'Бельё',
    weight: 10,
    tags: [NEW, HITS, ['kruzhevnoe', 'Кружевное']],
    children: [
      {
        slug: 'byustgaltery',
        name: 'Бюстгальтеры',
        children: [
          { slug: 'push-ap', name: 'Пуш-ап', leaf: leaf('bra', 'bra', COMP.lingerie, [1990, 7990], ['Бюстгальтер пуш-ап']) },
          {
            slug: 'bez-kostochek',
            name: 'Без косточек',
            leaf: leaf('bra', 'bra', COMP.lingerie, [1490, 5990], ['Бюстгальтер без косточек', 'Бралетт']),
          },
          { slug: 'balkonet', name: 'Балконет', leaf: leaf('bra', 'bra', COMP.lingerie, [1990, 7990], ['Бюстгальтер балконет']) },
        ],
      },
      {
        slug: 'trusy',
        name: 'Трусы',
        leaf: leaf('women', 'lingerie', COMP.lingerie, [990, 2990], ['Трусы-слипы', 'Трусы-стринги', 'Трусы-шорты', 'Трусы-бразилиана']),
      },
      { slug: 'komplekty', name: 'Комплекты', leaf: leaf('bra', 'bra', COMP.lingerie, [2990, 11990], ['Комплект белья']) },
      { slug: 'bodi', name: 'Боди', leaf: leaf('women', 'lingerie', COMP.lingerie, [2490, 8990], ['Боди кружевное', 'Боди']) },
      {
        slug: 'korrektiruyushchee',
        name: 'Корректирующее',
        leaf: leaf('women', 'lingerie', COMP.lingerie, [1990, 6990], ['Корректирующие трусы', 'Утягивающее боди']),
      },
      {
        slug: 'domashnyaya-odezhda',
        name: 'Домашняя одежда',
        leaf: leaf('women', 'home', COMP.home, [2490, 9990], ['Пижама', 'Халат', 'Домашний костюм', 'Ночная сорочка']),
      },
    ],
  },
  {
    slug: 'odezhda',
    name: 'Одежда',
    weight: 22,
    tags: [NEW, HITS, TRIP, ['iz-lna', 'Из льна']],
    children: [
      {
        slug: 'platya',
        name: 'Платья',
        tags: [
          ['vechernie', 'Вечерние'],
          ['lnyanye', 'Льняные'],
        ],
        children: [
          {
            slug: 'mini',
            name: 'Мини',
            leaf: leaf('women', 'clothes', COMP.clothes, [2990, 14990], ['Платье мини', 'Платье-рубашка', 'Платье-комбинация']),
          },
          {
            slug: 'midi',
            name: 'Миди',
            leaf: leaf('women', 'clothes', COMP.clothes, [3490, 18990], ['Платье миди', 'Платье-рубашка', 'Платье с запахом']),
          },
          {
            slug: 'maksi',
            name: 'Макси',
            leaf: leaf('women', 'clothes', COMP.clothes, [3990, 22990], ['Платье макси', 'Сарафан', 'Платье в пол']),
          },
        ],
      },
      {
        slug: 'yubki',
        name: 'Юбки',
        leaf: leaf('women', 'clothes', COMP.clothes, [2490, 11990], ['Юбка миди', 'Юбка-плиссе', 'Юбка на запах', 'Юбка мини']),
      },
      {
        slug: 'bryuki',
        name: 'Брюки',
        leaf: leaf('women', 'clothes', COMP.clothes, [2990, 12990], ['Брюки палаццо', 'Брюки льняные', 'Брюки-кюлоты']),
      },
      {
        slug: 'shorty',
        name: 'Шорты',
        leaf: leaf('women', 'clothes', COMP.clothes, [1990, 6990], ['Шорты льняные', 'Шорты джинсовые', 'Шорты-бермуды']),
      },
      {
        slug: 'bluzki-i-rubashki',
        name: 'Блузки и рубашки',
        leaf: leaf('women', 'clothes', COMP.clothes, [2490, 11990], ['Блузка', 'Рубашка льняная', 'Рубашка оверсайз']),
      },
      {
        slug: 'futbolki-i-topy',
        name: 'Футболки и топы',
        leaf: leaf('women', 'clothes', COMP.clothes, [990, 5990], ['Футболка', 'Топ', 'Майка', 'Кроп-топ']),
      },
      {
        slug: 'kombinezony',
        name: 'Комбинезоны',
        leaf: leaf('women', 'clothes', COMP.clothes, [3990, 15990], ['Комбинезон', 'Комбинезон-шорты']),
      },
      {
        slug: 'zhakety-i-kardigany',
        name: 'Жакеты и кардиганы',
        leaf: leaf('women', 'clothes', COMP.clothes, [4990, 19990], ['Жакет', 'Кардиган', 'Жакет льняной']),
      },
    ],
  },
  {
    slug: 'obuv',
    name: 'Обувь',
    weight: 8,
    tags: [NEW, BEACH],
    children: [
      { slug: 'sandalii', name: 'Сандалии', leaf: leaf('shoes', 'shoes', COMP.shoes, [2990, 12990], ['Сандалии']) },
      {
        slug: 'bosonozhki',
        name: 'Босоножки',
        leaf: leaf('shoes', 'shoes', COMP.shoes, [3990, 16990], ['Босоножки на каблуке', 'Босоножки на платформе']),
      },
      { slug: 'shlepancy', name: 'Шлёпанцы', leaf: leaf('shoes', 'shoes', COMP.rubber, [990, 3990], ['Шлёпанцы', 'Вьетнамки']) },
      { slug: 'espadrili', name: 'Эспадрильи', leaf: leaf('shoes', 'shoes', COMP.shoes, [2490, 8990], ['Эспадрильи']) },
      { slug: 'krossovki', name: 'Кроссовки', leaf: leaf('shoes', 'shoes', COMP.shoes, [4990, 14990], ['Кроссовки', 'Кеды']) },
      { slug: 'baletki', name: 'Балетки', leaf: leaf('shoes', 'shoes', COMP.shoes, [2990, 9990], ['Балетки', 'Мюли']) },
    ],
  },
  {
    slug: 'aksessuary',
    name: 'Аксессуары',
    weight: 7,
    tags: [NEW, BEACH, ['idei-dlya-podarka', 'Идеи для подарка']],
    children: [
      {
        slug: 'plyazhnye-sumki',
        name: 'Пляжные сумки',
        leaf: leaf('one', 'acc', COMP.bags, [1990, 9990], ['Пляжная сумка', 'Сумка-шопер', 'Плетёная сумка']),
      },
      {
        slug: 'shlyapy-i-panamy',
        name: 'Шляпы и панамы',
        leaf: leaf('one', 'acc', COMP.hats, [1490, 6990], ['Шляпа', 'Панама', 'Соломенная шляпа', 'Кепка']),
      },
      {
        slug: 'solncezashchitnye-ochki',
        name: 'Солнцезащитные очки',
        leaf: leaf('one', 'acc', COMP.glasses, [1990, 14990], ['Солнцезащитные очки', 'Очки-авиаторы']),
      },
      {
        slug: 'platki-i-palantiny',
        name: 'Платки и палантины',
        leaf: leaf('one', 'acc', COMP.scarves, [990, 6990], ['Платок', 'Палантин', 'Бандана']),
      },
      { slug: 'remni', name: 'Ремни', leaf: leaf('one', 'acc', COMP.belts, [1490, 5990], ['Ремень кожаный', 'Ремень плетёный']) },
      {
        slug: 'ukrasheniya',
        name: 'Украшения',
        leaf: leaf('one', 'acc', COMP.jewelry, [990, 8990], ['Серьги', 'Браслет', 'Колье', 'Анклет']),
      },
      {
        slug: 'plyazhnye-polotenca',
        name: 'Пляжные полотенца',
        leaf: leaf('one', 'acc', COMP.towels, [1490, 4990], ['Пляжное полотенце']),
      },
    ],
  },
  {
    slug: 'detskoe',
    name: 'Детское',
    weight: 6,
    tags: [NEW, TRIP],
    children: [
      {
        slug: 'kupalniki-dlya-devochek',
        name: 'Купальники для девочек',
        leaf: leaf('kids', 'kids', COMP.kids, [990, 4990], ['Купальник для девочки', 'Раздельный купальник для девочки'], KIDS_MODELS),
      },
      {
        slug: 'plavki-dlya-malchikov',
        name: 'Плавки для мальчиков',
        leaf: leaf('kids', 'kids', COMP.kids, [990, 3490], ['Плавки для мальчика', 'Шорты для плавания детские'], KIDS_MODELS),
      },
      {
        slug: 'platya-i-sarafany',
        name: 'Платья и сарафаны',
        leaf: leaf('kids', 'kids', COMP.kids, [1490, 4990], ['Платье для девочки', 'Сарафан детский'], KIDS_MODELS),
      },
      {
        slug: 'futbolki-i-shorty',
        name: 'Футболки и шорты',
        leaf: leaf('kids', 'kids', COMP.kids, [990, 2990], ['Футболка детская', 'Шорты детские'], KIDS_MODELS),
      },
      { slug: 'panamy', name: 'Панамы', leaf: leaf('one', 'kids', COMP.hats, [990, 2490], ['Панама детская'], KIDS_MODELS) },
    ],
  },
  {
    slug: 'muzhskoe',
    name: 'Мужское',
    weight: 7,
    tags: [NEW, HITS, TRIP],
    children: [
      {
        slug: 'plavki',
        name: 'Плавки',
        tags: [['sportivnye', 'Спортивные']],
        children: [
          { slug: 'brify', name: 'Брифы', leaf: leaf('men', 'menSwim', COMP.menSwim, [1490, 5990], ['Плавки-брифы']) },
          { slug: 'bokserki', name: 'Боксерки', leaf: leaf('men', 'menSwim', COMP.menSwim, [1490, 5990], ['Плавки-боксеры']) },
          {
            slug: 'shorty',
            name: 'Шорты',
            children: [
              { slug: 'plyazhnye', name: 'Пляжные', leaf: leaf('men', 'menSwim', COMP.menSwim, [1990, 9990], ['Шорты пляжные']) },
              {
                slug: 'dlya-plavaniya',
                name: 'Для плавания',
                leaf: leaf('men', 'menSwim', COMP.menSwim, [1990, 7990], ['Шорты для плавания']),
              },
            ],
          },
        ],
      },
      {
        slug: 'odezhda',
        name: 'Одежда',
        children: [
          {
            slug: 'futbolki',
            name: 'Футболки',
            children: [
              {
                slug: 'odnotonnye',
                name: 'Однотонные',
                leaf: leaf('men', 'men', COMP.menClothes, [1490, 4990], ['Футболка мужская', 'Поло']),
              },
              { slug: 's-printom', name: 'С принтом', leaf: leaf('men', 'men', COMP.menClothes, [1990, 5990], ['Футболка с принтом']) },
            ],
          },
          {
            slug: 'rubashki',
            name: 'Рубашки',
            children: [
              { slug: 'lnyanye', name: 'Льняные', leaf: leaf('men', 'men', COMP.menClothes, [3490, 9990], ['Рубашка льняная']) },
              {
                slug: 'hlopkovye',
                name: 'Хлопковые',
                leaf: leaf('men', 'men', COMP.menClothes, [2490, 7990], ['Рубашка хлопковая', 'Рубашка гавайская']),
              },
            ],
          },
          { slug: 'shorty', name: 'Шорты', leaf: leaf('men', 'men', COMP.menClothes, [1990, 6990], ['Шорты мужские', 'Шорты-чинос']) },
          {
            slug: 'bryuki',
            name: 'Брюки',
            leaf: leaf('men', 'men', COMP.menClothes, [2990, 9990], ['Брюки льняные мужские', 'Брюки-чинос']),
          },
        ],
      },
      {
        slug: 'obuv',
        name: 'Обувь',
        leaf: leaf('menShoes', 'shoes', COMP.shoes, [1490, 12990], ['Шлёпанцы мужские', 'Сандалии мужские', 'Эспадрильи мужские']),
      },
      {
        slug: 'aksessuary',
        name: 'Аксессуары',
        leaf: leaf(
          'one',
          'acc',
          [...COMP.hats, ...COMP.towels, ...COMP.glasses],
          [990, 6990],
          ['Кепка', 'Панама мужская', 'Пляжное полотенце', 'Солнцезащитные очки мужские'],
        ),
      },
      { slug: 'bele', name: 'Бельё', leaf: leaf('men', 'men', COMP.menUnderwear, [990, 3990], ['Трусы-боксеры', 'Комплект трусов']) },
    ],
  },
];

/** Brands; `roots` are the root slugs whose goods the brand makes, `factor` scales its prices. */
export const BRANDS: readonly {
  name: string;
  slug: string;
  country: string;
  roots: readonly string[];
  factor: number;
  description: string;
  inMenu: boolean;
}[] = [
  {
    name: 'Beach Bunny',
    slug: 'beach-bunny',
    country: 'США',
    roots: ['kupalniki', 'bele', 'odezhda'],
    factor: 1.5,
    inMenu: true,
    description: 'Калифорнийский бренд дерзких купальников, которые носят модели и звёзды Голливуда.',
  },
  {
    name: 'Luli Fama',
    slug: 'luli-fama',
    country: 'США',
    roots: ['kupalniki', 'odezhda', 'aksessuary'],
    factor: 1.4,
    inMenu: true,
    description: 'Яркие купальники из Майами с латиноамериканским характером и знаменитой посадкой «скранч».',
  },
  {
    name: 'Bound by Bond-Eye',
    slug: 'bound-by-bond-eye',
    country: 'Австралия',
    roots: ['kupalniki'],
    factor: 1.4,
    inMenu: true,
    description: 'Австралийские купальники из фирменной фактурной ткани, которая садится точно по фигуре.',
  },
  {
    name: 'Cotazur',
    slug: 'cotazur',
    country: 'Испания',
    roots: ['kupalniki', 'odezhda', 'detskoe'],
    factor: 1.0,
    inMenu: true,
    description: 'Средиземноморская лёгкость: купальники и пляжная одежда с изящными принтами.',
  },
  {
    name: 'Maaji',
    slug: 'maaji',
    country: 'Колумбия',
    roots: ['kupalniki', 'odezhda', 'detskoe', 'muzhskoe'],
    factor: 1.1,
    inMenu: true,
    description: 'Колумбийский бренд двусторонних купальников с жизнерадостными авторскими принтами.',
  },
  {
    name: 'DKNY',
    slug: 'dkny',
    country: 'США',
    roots: ['kupalniki', 'odezhda', 'bele', 'obuv', 'aksessuary', 'muzhskoe'],
    factor: 1.2,
    inMenu: true,
    description: 'Нью-йоркская классика: городская одежда, бельё и купальники в минималистичном стиле.',
  },
  {
    name: 'PilyQ',
    slug: 'pilyq',
    country: 'США',
    roots: ['kupalniki', 'odezhda'],
    factor: 1.2,
    inMenu: true,
    description: 'Купальники с кружевом, вышивкой и ручной отделкой от дизайнеров из Лос-Анджелеса.',
  },
  {
    name: 'Sea Level',
    slug: 'sea-level',
    country: 'Австралия',
    roots: ['kupalniki'],
    factor: 1.0,
    inMenu: true,
    description: 'Купальники с продуманной поддержкой и посадкой для женщин с разными типами фигуры.',
  },
  {
    name: 'Nuria Ferrer',
    slug: 'nuria-ferrer',
    country: 'Испания',
    roots: ['kupalniki', 'odezhda', 'aksessuary'],
    factor: 1.5,
    inMenu: true,
    description: 'Испанская пляжная мода класса люкс: элегантные купальники, туники и аксессуары.',
  },
  {
    name: 'Runwaydreamz',
    slug: 'runwaydreamz',
    country: 'США',
    roots: ['kupalniki', 'odezhda'],
    factor: 1.3,
    inMenu: true,
    description: 'Смелые силуэты, вырезы и металлизированные ткани — купальники для тех, кто любит внимание.',
  },
  {
    name: 'Seafolly',
    slug: 'seafolly',
    country: 'Австралия',
    roots: ['kupalniki', 'detskoe', 'aksessuary'],
    factor: 1.2,
    inMenu: false,
    description: 'Культовый австралийский бренд купальников и пляжных аксессуаров с 1975 года.',
  },
  {
    name: 'Banana Moon',
    slug: 'banana-moon',
    country: 'Франция',
    roots: ['kupalniki', 'muzhskoe', 'obuv'],
    factor: 1.0,
    inMenu: false,
    description: 'Французский серф-шик: купальники и пляжная одежда в стиле Атлантического побережья.',
  },
  {
    name: 'Calzedonia',
    slug: 'calzedonia',
    country: 'Италия',
    roots: ['kupalniki', 'bele', 'detskoe', 'muzhskoe'],
    factor: 0.7,
    inMenu: false,
    description: 'Итальянские купальники, бельё и чулочные изделия по доступным ценам.',
  },
  {
    name: 'Lascana',
    slug: 'lascana',
    country: 'Германия',
    roots: ['kupalniki', 'bele', 'odezhda'],
    factor: 0.8,
    inMenu: false,
    description: 'Немецкий бренд женственных купальников и белья с удобной посадкой.',
  },
  {
    name: 'Charmante',
    slug: 'charmante',
    country: 'Россия',
    roots: ['kupalniki', 'bele', 'odezhda'],
    factor: 0.7,
    inMenu: false,
    description: 'Российский бренд купальников, белья и домашней одежды с собственным производством.',
  },
  {
    name: 'Marc & André',
    slug: 'marc-andre',
    country: 'Россия',
    roots: ['kupalniki', 'bele'],
    factor: 0.9,
    inMenu: false,
    description: 'Бельё и купальники с французским шармом для женщин, ценящих комфорт.',
  },
  {
    name: 'Havaianas',
    slug: 'havaianas',
    country: 'Бразилия',
    roots: ['obuv', 'aksessuary', 'detskoe'],
    factor: 0.8,
    inMenu: false,
    description: 'Легендарные бразильские шлёпанцы и пляжная обувь на каждый день.',
  },
  {
    name: 'Melissa',
    slug: 'melissa',
    country: 'Бразилия',
    roots: ['obuv'],
    factor: 1.0,
    inMenu: false,
    description: 'Яркая обувь из ароматизированного пластика, созданная вместе с известными дизайнерами.',
  },
  {
    name: 'Vilebrequin',
    slug: 'vilebrequin',
    country: 'Франция',
    roots: ['muzhskoe', 'detskoe'],
    factor: 1.6,
    inMenu: false,
    description: 'Мужские пляжные шорты из Сен-Тропе с узнаваемыми принтами с черепахами.',
  },
];

export const COLORS: readonly { slug: string; name: string; hex: string }[] = [
  { slug: 'chernyj', name: 'чёрный', hex: '#1A1A1A' },
  { slug: 'belyj', name: 'белый', hex: '#FFFFFF' },
  { slug: 'krasnyj', name: 'красный', hex: '#D32F2F' },
  { slug: 'sinij', name: 'синий', hex: '#1E3A8A' },
  { slug: 'goluboj', name: 'голубой', hex: '#7EC8E3' },
  { slug: 'zelenyj', name: 'зелёный', hex: '#2E7D32' },
  { slug: 'zheltyj', name: 'жёлтый', hex: '#F9D648' },
  { slug: 'rozovyj', name: 'розовый', hex: '#F4A6C0' },
  { slug: 'bezhevyj', name: 'бежевый', hex: '#D9C2A3' },
  { slug: 'leopardovyj', name: 'леопардовый', hex: '#C08A4B' },
  { slug: 'haki', name: 'хаки', hex: '#78866B' },
  { slug: 'korallovyj', name: 'коралловый', hex: '#FF7F50' },
  { slug: 'biryuzovyj', name: 'бирюзовый', hex: '#30D5C8' },
  { slug: 'fioletovyj', name: 'фиолетовый', hex: '#7B3FA0' },
];

export const MODELS: readonly string[] = [
  'Мальдивы',
  'Капри',
  'Бриз',
  'Лагуна',
  'Ривьера',
  'Санторини',
  'Бали',
  'Сейшелы',
  'Мартиника',
  'Коралл',
  'Марина',
  'Аквамарин',
  'Ибица',
  'Майорка',
  'Сицилия',
  'Тоскана',
  'Прованс',
  'Ницца',
  'Монако',
  'Канны',
  'Пальма',
  'Агава',
  'Лиана',
  'Орхидея',
  'Магнолия',
  'Жасмин',
  'Лаванда',
  'Ваниль',
  'Карамель',
  'Корица',
  'Мята',
  'Лайм',
  'Манго',
  'Папайя',
  'Маракуйя',
  'Кокос',
  'Ананас',
  'Гавана',
  'Копакабана',
  'Ипанема',
  'Тулум',
  'Канкун',
  'Акапулько',
  'Амальфи',
  'Позитано',
  'Сорренто',
  'Барселона',
  'Валенсия',
  'Марбелья',
  'Лазурь',
  'Прибой',
  'Штиль',
  'Закат',
  'Рассвет',
  'Волна',
  'Бухта',
  'Дюна',
  'Риф',
  'Атолл',
  'Флорида',
  'Майами',
  'Малибу',
  'Гавайи',
  'Таити',
  'Бора-Бора',
  'Фиджи',
  'Самоа',
  'Крит',
  'Родос',
  'Корфу',
  'Миконос',
  'Кипр',
  'Мальта',
  'Сардиния',
  'Корсика',
  'Сен-Тропе',
  'Биарриц',
  'Антиб',
  'Сиеста',
  'Фиеста',
  'Самба',
  'Румба',
  'Сальса',
  'Бахия',
  'Рио',
  'Адриатика',
  'Лигурия',
  'Оазис',
  'Мираж',
  'Сирена',
  'Ундина',
  'Жемчуг',
  'Янтарь',
  'Бирюза',
  'Опал',
  'Селена',
  'Афродита',
  'Калипсо',
  'Одиссея',
  'Аврора',
  'Луна',
  'Стелла',
  'Вега',
  'Лира',
];
