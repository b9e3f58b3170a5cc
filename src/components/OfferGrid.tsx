// A grid of offer cards; when it is the first thing of the page, its first pictures load at once (the
// first with high priority: it is what the page's first paint waits for).
import { memo } from 'react';
import { OfferCard, type CardHeadingLevel, type CardOffer } from './OfferCard.tsx';

/** How many cards of a leading grid load their pictures at once: the first row on a phone and a desktop. */
const EAGER_CARDS = 4;

interface Props {
  offers: readonly CardOffer[];
  testId?: string;
  /** 2 for a grid right under the page's h1; 3 (default) under a section's h2. */
  headingLevel?: CardHeadingLevel;
  /** The grid is at the top of the page: its first pictures are the page's largest paint. */
  leading?: boolean;
}

/** Memoised as its cards are (OfferCard.tsx): the same offers are not drawn again when the address changes. */
export const OfferGrid = memo(function OfferGrid({ offers, testId, headingLevel, leading = false }: Props) {
  return (
    <div className="offer-grid" data-testid={testId}>
      {offers.map((o, i) => (
        <OfferCard
          key={o.id}
          offer={o}
          headingLevel={headingLevel}
          priority={leading && i === 0 ? 'first' : leading && i < EAGER_CARDS ? 'eager' : 'lazy'}
        />
      ))}
    </div>
  );
});
