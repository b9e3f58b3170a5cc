// What a personal part of the page shows before the page knows the shopper's own things (state/personal.ts):
// a neutral block of a fixed size with a spoken "loading" for screen readers, never a claim such as "empty".
// `lines` rough blocks stand where the content will be, so nothing below moves much when it comes.
import './not-known-yet.css';

export function NotKnownYet({ label, lines = 2, testId }: { label: string; lines?: number; testId?: string }) {
  return (
    <div className="not-known-yet" role="status" aria-busy="true" data-testid={testId}>
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className="not-known-yet__line" aria-hidden="true" />
      ))}
    </div>
  );
}

/** A counter of the header (the basket's lines, the favourites) before the page knows it: its badge, blank. */
export function CountNotKnownYet({ className }: { className: string }) {
  return <span className={`${className} count-not-known-yet`} aria-hidden="true" data-testid="count-not-known-yet" />;
}
