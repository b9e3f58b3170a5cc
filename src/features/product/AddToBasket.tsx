// The product page's add-to-basket form: the size choice it is given (the SizePicker) and its button. The
// chosen size (or the chosen top and bottom of a set) goes into the basket as queued changes; without a choice
// it asks for one and sends nothing. It is a real form the server answers (server/basket/form-route.ts): a
// shopper who taps before the app has started, on a first visit, has it sent by the browser
// (common/early-input-script.ts decides), and a browser without scripts sends it too.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Snapshot } from 'valtio';
import { Link } from 'wouter';
import type { ProductOffer } from '../../../common/contract/catalog.ts';
import { API_BASE } from '../../../common/browser/api-base.ts';
import { CART_FORM_PATH } from '../../../common/cart-form.ts';
import { FORM_SENT_EVENT, FORM_SENT_TEXT, NATIVE_FORM_ATTRIBUTE } from '../../../common/early-input-script.ts';
import { NO_SIZE_CHOSEN } from '../../../common/input-rules.ts';
import { href } from '../../../common/routes.ts';
import type { OfferFeature } from '../../state/basket.ts';
import { ADD_FAILED, addToBasket, basketChangedOnServer, preloadBasketQueue } from '../../state/add-to-basket.ts';

interface Props {
  product: Snapshot<ProductOffer>;
  feature: OfferFeature;
  /** The size choice, inside the form: the browser sends its radios with it. */
  children: ReactNode;
}

const KIND_LABEL = { size: 'Размер', top: 'Верх', bottom: 'Низ' } as const;

export function AddToBasket({ product, feature, children }: Props) {
  const [state, setState] = useState<'idle' | 'need-size' | 'saving' | 'added' | 'failed'>('idle');
  useEffect(preloadBasketQueue, []);
  // Sent by the page's first script before the app started, and taken by the server.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const sent = () => {
      setState('added');
      basketChangedOnServer();
    };
    const el = form.current;
    el?.addEventListener(FORM_SENT_EVENT, sent);
    return () => el?.removeEventListener(FORM_SENT_EVENT, sent);
  }, []);
  const chosen = [feature.selectSize, feature.selectTop, feature.selectBottom]
    .map((ext) => product.variants.find((v) => v.ext_id === ext && v.stock > 0))
    .filter((v) => v !== undefined);
  const offer = product.offer;
  const add = async () => {
    if (!chosen.length) {
      setState('need-size');
      return;
    }
    // 'Добавлено' is said once the change is stored, so it survives a reload from then on.
    setState('saving');
    const image = offer.images.find((i) => i.is_main)?.image ?? offer.images[0]?.image ?? '';
    const stored = Promise.all(
      chosen.map((v) => {
        const featureText = `${KIND_LABEL[v.kind]} ${v.size}, ${v.color.name}`;
        return addToBasket(v.ext_id, 1, `${offer.name}, ${featureText}`, {
          name: offer.name,
          brand: offer.brand.name,
          price: offer.price,
          image,
          href: offer.full_path_offer,
          feature: featureText,
        });
      }),
    );
    setState(
      await stored.then(
        () => 'added' as const,
        (err: unknown) => {
          console.error('[basket] could not add', err);
          return 'failed' as const;
        },
      ),
    );
  };
  return (
    <form
      ref={form}
      method="post"
      action={API_BASE + CART_FORM_PATH}
      {...{ [NATIVE_FORM_ATTRIBUTE]: 'input:checked' }}
      onSubmit={(e) => {
        e.preventDefault();
        void add();
      }}
    >
      <input type="hidden" name="back" value={offer.full_path_offer} />
      {children}
      <div className="add-to-basket">
        <button type="submit" className="button button--big">
          Добавить в корзину
        </button>
        {state === 'need-size' && (
          <p className="form-error" role="alert">
            {NO_SIZE_CHOSEN}
          </p>
        )}
        {state === 'failed' && (
          <p className="form-error" role="alert">
            {ADD_FAILED}
          </p>
        )}
        {/* Always there, so the page's first script can say the form was sent before the app started; its
            text is the script's until the app says something itself (a string child: React leaves it as it is). */}
        <p role="status" className="add-to-basket__status" suppressHydrationWarning>
          {state === 'added' ? (
            <>
              {FORM_SENT_TEXT.done} <Link href={href('basket')}>{FORM_SENT_TEXT.link}</Link>
            </>
          ) : (
            ''
          )}
        </p>
      </div>
    </form>
  );
}
