// The colour and size choice of a product: selectSize for a single item, selectTop and selectBottom for a
// set (spec §3), each naming a variant's ext_id; sizes out of stock cannot be chosen.
import type { Snapshot } from 'valtio';
import type { Variant } from '../../../common/contract/catalog.ts';
import type { OfferFeature } from '../../state/basket.ts';

interface Props {
  variants: readonly Snapshot<Variant>[];
  colors: readonly { slug: string; name: string; hex: string }[];
  color: string;
  feature: OfferFeature;
  onColor: (slug: string) => void;
  onFeature: (f: OfferFeature) => void;
}

const GROUPS = [
  { kind: 'size', key: 'selectSize', label: 'Размер' },
  { kind: 'top', key: 'selectTop', label: 'Размер верха' },
  { kind: 'bottom', key: 'selectBottom', label: 'Размер низа' },
] as const;

export function SizePicker({ variants, colors, color, feature, onColor, onFeature }: Props) {
  const ofColor = variants.filter((v) => v.color.slug === color);
  return (
    <div className="size-picker">
      {colors.length > 0 && (
        <fieldset className="size-picker__group">
          <legend>
            Цвет: <strong>{colors.find((c) => c.slug === color)?.name}</strong>
          </legend>
          <div className="swatches">
            {colors.map((c) => (
              <button
                key={c.slug}
                type="button"
                className={`swatch${c.slug === color ? ' is-active' : ''}`}
                style={{ background: c.hex }}
                aria-label={c.name}
                aria-pressed={c.slug === color}
                onClick={() => onColor(c.slug)}
              />
            ))}
          </div>
        </fieldset>
      )}
      {GROUPS.map(({ kind, key, label }) => {
        const options = ofColor.filter((v) => v.kind === kind);
        if (!options.length) return null;
        return (
          <fieldset key={kind} className="size-picker__group">
            <legend>{label}</legend>
            <div className="chips" role="radiogroup" aria-label={label}>
              {options.map((v) => (
                <label key={v.ext_id} className={`chip${v.stock === 0 ? ' is-disabled' : ''}`}>
                  <input
                    type="radio"
                    name={key}
                    value={v.ext_id}
                    checked={feature[key] === v.ext_id}
                    disabled={v.stock === 0}
                    onChange={() => onFeature({ [key]: v.ext_id })}
                  />
                  <span>{v.size}</span>
                </label>
              ))}
            </div>
            {options.every((v) => v.stock === 0) && <p className="muted">Этого цвета нет в наличии</p>}
          </fieldset>
        );
      })}
    </div>
  );
}
