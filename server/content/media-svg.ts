// Draws the shop's demo pictures as SVG: product photos (a garment silhouette in the product's colour),
// banners, promo tiles, post covers, gift certificates. Deterministic: the same input gives the same bytes.
import { escapeMarkup } from '../http/public.ts';

const SILHOUETTES: Record<string, string> = {
  // one-piece swimsuit / body
  swim: 'M70 40 L90 40 Q100 70 110 40 L130 40 L128 120 Q140 170 150 200 L120 215 Q100 190 80 215 L50 200 Q60 170 72 120 Z',
  // dress / tunic
  dress: 'M80 30 L120 30 L125 70 L165 215 Q100 235 35 215 L75 70 Z',
  // shoe / sandal
  shoe: 'M35 170 Q40 130 75 125 L110 140 Q150 150 170 165 Q175 185 160 190 L45 190 Q35 188 35 170 Z',
  // bag / accessory
  bag: 'M60 90 Q60 45 100 45 Q140 45 140 90 L125 90 Q125 60 100 60 Q75 60 75 90 Z M45 90 L155 90 L165 200 L35 200 Z',
  // bra / underwear
  bra: 'M30 80 Q55 60 80 95 Q100 110 120 95 Q145 60 170 80 L165 130 Q130 150 100 130 Q70 150 35 130 Z',
  // trunks / shorts
  trunks: 'M50 70 L150 70 L160 170 L115 175 L100 120 L85 175 L40 170 Z',
};

export function silhouetteFor(categoryPath: string): keyof typeof SILHOUETTES {
  const root = categoryPath.split('/')[0];
  if (root === 'obuv') return 'shoe';
  if (root === 'aksessuary') return 'bag';
  if (root === 'bele') return 'bra';
  if (root === 'muzhskoe') return 'trunks';
  if (root === 'odezhda') return 'dress';
  return 'swim';
}

function lighten(hex: string, amount: number): string {
  const n = parseInt(hex.replace('#', '').padEnd(6, '0').slice(0, 6), 16);
  const ch = (shift: number) => Math.round(((n >> shift) & 255) + (255 - ((n >> shift) & 255)) * amount);
  return `rgb(${ch(16)},${ch(8)},${ch(0)})`;
}

const svg = (w: number, h: number, body: string, label: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${escapeMarkup(label)}">${body}</svg>`;

/** A product photo: view n (1..4) turns the silhouette and changes the background tone. */
export function productSvg(p: { name: string; brand: string; hex: string; categoryPath: string }, n: number): string {
  const shape = SILHOUETTES[silhouetteFor(p.categoryPath)];
  const bg = lighten(p.hex, 0.82 - (n % 3) * 0.06);
  const flip = n % 2 === 0 ? ' transform="translate(200 0) scale(-1 1)"' : '';
  return svg(
    200,
    260,
    `<rect width="200" height="260" fill="${bg}"/>` +
      `<g${flip}><path d="${shape}" fill="${p.hex}" stroke="rgba(0,0,0,.25)" stroke-width="2"/></g>` +
      `<text x="100" y="248" font-family="sans-serif" font-size="12" text-anchor="middle" fill="#333">${escapeMarkup(p.brand)}</text>`,
    `${p.name}, фото ${n}`,
  );
}

/** A wide banner or promo tile: a decorative picture; the page writes the title over it as text. */
export function bannerSvg(title: string, seed: number, wide = true): string {
  const hues = [196, 12, 330, 160, 42, 265];
  const hue = hues[seed % hues.length];
  const [w, h] = wide ? [1200, 400] : [600, 400];
  return svg(
    w,
    h,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 70% 60%)"/>` +
      `<stop offset="1" stop-color="hsl(${(hue + 40) % 360} 70% 40%)"/></linearGradient></defs>` +
      `<rect width="${w}" height="${h}" fill="url(#g)"/>` +
      `<circle cx="${w * 0.8}" cy="${h * 0.3}" r="${h * 0.18}" fill="rgba(255,255,255,.35)"/>` +
      `<path d="M0 ${h * 0.75} Q${w * 0.25} ${h * 0.65} ${w * 0.5} ${h * 0.75} T${w} ${h * 0.75} V${h} H0 Z" fill="rgba(255,255,255,.3)"/>`,
    title,
  );
}

/** A gift certificate card with its nominal. */
export function giftSvg(nominalText: string): string {
  return svg(
    600,
    380,
    `<rect width="600" height="380" rx="24" fill="#0d5c63"/><rect x="24" y="24" width="552" height="332" rx="16" fill="none" stroke="#e8c872" stroke-width="3"/>` +
      `<text x="300" y="150" font-family="sans-serif" font-size="34" text-anchor="middle" fill="#e8c872">Подарочный сертификат</text>` +
      `<text x="300" y="240" font-family="sans-serif" font-size="64" font-weight="700" text-anchor="middle" fill="#fff">${escapeMarkup(nominalText)}</text>`,
    `Подарочный сертификат ${nominalText}`,
  );
}
