// A grid of offer cards.
import type { Snapshot } from 'valtio';
import type { PricedOffer } from '../worker/client.ts';
import { OfferCard, type CardHeadingLevel } from './OfferCard.tsx';

interface Props {
  offers: readonly (PricedOffer | Snapshot<PricedOffer>)[];
  testId?: string;
  /** 2 for a grid right under the page's h1; 3 (default) under a section's h2. */
  headingLevel?: CardHeadingLevel;
}

export function OfferGrid({ offers, testId, headingLevel }: Props) {
  return (
    <div className="offer-grid" data-testid={testId}>
      {offers.map((o) => (
        <OfferCard key={o.id} offer={o} headingLevel={headingLevel} />
      ))}
    </div>
  );
}
