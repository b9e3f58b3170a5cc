// A grid of offer cards.
import type { Snapshot } from 'valtio';
import type { PricedOffer } from '../worker/client.ts';
import { OfferCard } from './OfferCard.tsx';

export function OfferGrid({ offers, testId }: { offers: readonly (PricedOffer | Snapshot<PricedOffer>)[]; testId?: string }) {
  return (
    <div className="offer-grid" data-testid={testId}>
      {offers.map((o) => (
        <OfferCard key={o.id} offer={o} />
      ))}
    </div>
  );
}
