// Every product photograph on a page: the widths and formats the picture pipeline made (common/pictures.ts),
// offered as a <picture> with AVIF and WebP sources and a JPEG fallback, `sizes` true to the layout it sits in
// (picture-sizes.ts), the dominant colour as the placeholder until it arrives, and width/height so nothing moves
// when it does. The server's HTML and the app draw the same markup. A picture from elsewhere (the demo's
// drawings, a banner by URL) is a plain <img>.
import type { CSSProperties } from 'react';
import { PICTURE_FORMATS, pictureOf, srcSetOf, variantUrl, widthsOf } from '../../common/pictures.ts';

export interface PictureProps {
  src: string;
  alt: string;
  /** The layout's box for this picture (picture-sizes.ts). */
  sizes: string;
  width: number;
  height: number;
  className?: string;
  /** Lazy below the fold; `high` only on the page's largest picture (its LCP). */
  loading?: 'lazy' | 'eager';
  fetchPriority?: 'high';
}

export function Picture({ src, alt, sizes, width, height, className, loading, fetchPriority }: PictureProps) {
  const picture = pictureOf(src);
  const common = { alt, width, height, className, loading, fetchPriority };
  if (!picture) return <img src={src} {...common} />;
  const widths = widthsOf(picture.width);
  // The fallback's own address: a middle width, for a browser that reads no srcset.
  const fallback = variantUrl(picture, widths.find((w) => w >= 640) ?? widths.at(-1)!, 'jpg');
  const placeholder: CSSProperties = { backgroundColor: picture.colour };
  return (
    <picture>
      {PICTURE_FORMATS.filter((f) => f.ext !== 'jpg').map((f) => (
        <source key={f.ext} type={f.type} srcSet={srcSetOf(picture, f.ext)} sizes={sizes} />
      ))}
      <img src={fallback} srcSet={srcSetOf(picture, 'jpg')} sizes={sizes} style={placeholder} {...common} />
    </picture>
  );
}
