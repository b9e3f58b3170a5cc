// The `sizes` of each place a product photograph sits, from the layout's CSS (styles/global.css, the
// features' CSS): the page is at most 1240px wide with 16px either side; cards are two to a row on a phone
// and four from 768px (a listing's filters take 264px of the row from 900px, the home page's shelves do not:
// the larger is given); a product's gallery is the whole row on a phone and half of it from 900px.
export const PICTURE_SIZES = {
  card: '(min-width: 1240px) 290px, (min-width: 768px) calc(25vw - 20px), calc(50vw - 24px)',
  gallery: '(min-width: 1240px) 592px, (min-width: 900px) calc(50vw - 28px), calc(100vw - 32px)',
  galleryThumb: '80px',
  basketLine: '80px',
  smallLine: '48px',
} as const;
