// The `sizes` of each place a product photograph sits, from the layout's CSS (styles/global.css, the
// features' CSS): the page is at most 1240px wide with 16px either side; cards are two to a row on a phone
// and four from 768px (a listing's filters take 264px of the row from 900px, the home page's shelves do not:
// the larger is given); a product's gallery is the whole row on a phone and half of it from 900px. The home
// page's first banner spans the row (2 : 1 on a phone, cropped from a 3 : 1 picture: the picture is drawn
// half as wide again as the box); the banners after it are one a row on a phone and two from 768px, its tiles
// two and four. Posts' cards fill columns of at least 260px (one column on a phone), a post's picture is at
// most 760px wide, the photo feed's squares at least 200px (one column on a phone, at most about 400px).
export const PICTURE_SIZES = {
  card: '(min-width: 1240px) 290px, (min-width: 768px) calc(25vw - 20px), calc(50vw - 24px)',
  gallery: '(min-width: 1240px) 592px, (min-width: 900px) calc(50vw - 28px), calc(100vw - 32px)',
  galleryThumb: '80px',
  basketLine: '80px',
  smallLine: '48px',
  hero: '(min-width: 1240px) 1208px, (min-width: 768px) calc(100vw - 32px), calc(150vw - 48px)',
  banner: '(min-width: 1240px) 596px, (min-width: 768px) calc(50vw - 24px), calc(100vw - 32px)',
  tile: '(min-width: 1240px) 290px, (min-width: 768px) calc(25vw - 20px), calc(50vw - 24px)',
  postCard: '(min-width: 600px) 420px, calc(100vw - 32px)',
  post: '(min-width: 792px) 760px, calc(100vw - 32px)',
  square: '(min-width: 480px) 400px, calc(100vw - 32px)',
} as const;
