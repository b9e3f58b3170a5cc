// How the bench's browser sections sum up their runs: the median and the p75 of what was measured (a run
// that measured nothing gives NaN and is left out), and a duration as a table shows it.

const measured = (xs: number[]) => xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);

/** The median of the runs that measured it (NaN when none did). */
export const median = (xs: number[]): number => {
  const ok = measured(xs);
  return ok.length ? ok[ok.length >> 1] : NaN;
};

/** The 75th percentile of the runs that measured it, as web-vitals reports a page's INP (NaN when none did). */
export const p75 = (xs: number[]): number => {
  const ok = measured(xs);
  return ok.length ? ok[Math.ceil(ok.length * 0.75) - 1] : NaN;
};

/** A duration in whole milliseconds, or a dash for none. */
export const ms = (n: number): string => (Number.isFinite(n) ? `${Math.round(n)} ms` : '—');
