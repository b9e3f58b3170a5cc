// The product's pictures: the chosen one large, the others as thumbnails to switch to.
import { useState } from 'react';
import type { Snapshot } from 'valtio';
import type { ImageRef } from '../../../common/contract/catalog.ts';
import { Picture } from '../../components/Picture.tsx';
import { PICTURE_SIZES } from '../../components/picture-sizes.ts';

export function Gallery({ images, name }: { images: readonly Snapshot<ImageRef>[]; name: string }) {
  const mainIndex = Math.max(
    0,
    images.findIndex((i) => i.is_main),
  );
  const [current, setCurrent] = useState(mainIndex);
  const shown = images[current] ?? images[0];
  return (
    <div className="gallery">
      {shown && (
        <Picture
          className="gallery__main"
          src={shown.image}
          alt={name}
          sizes={PICTURE_SIZES.gallery}
          width={400}
          height={520}
          fetchPriority="high"
        />
      )}
      {images.length > 1 && (
        <div className="gallery__thumbs">
          {images.map((img, i) => (
            <button key={img.image} type="button" aria-label={`Фото ${i + 1}`} aria-pressed={i === current} onClick={() => setCurrent(i)}>
              <Picture src={img.image} alt="" sizes={PICTURE_SIZES.galleryThumb} width={80} height={104} loading="lazy" />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
