// The scroll-to-top arrow (spec §2, §9): shown only after cookies are accepted and once the page has been
// scrolled down; a click scrolls to the top in an 800 ms animation (at once when the device asks for
// reduced motion).
import { useEffect, useState } from 'react';
import { useWidgets } from '../../state/widgets.ts';

const SCROLL_TOP_MS = 800; // spec §9
const SHOW_AFTER_PX = 400;

const easeInOut = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

function scrollToTop(duration = SCROLL_TOP_MS): void {
  const from = scrollY;
  if (matchMedia('(prefers-reduced-motion: reduce)').matches || from === 0) {
    scrollTo(0, 0);
    return;
  }
  const start = performance.now();
  const step = (now: number) => {
    const t = Math.min(1, (now - start) / duration);
    scrollTo(0, Math.round(from * (1 - easeInOut(t))));
    if (t < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

export function ScrollTop() {
  const { cookieAccepted } = useWidgets();
  const [down, setDown] = useState(false);
  useEffect(() => {
    const onScroll = () => setDown(scrollY > SHOW_AFTER_PX);
    onScroll();
    addEventListener('scroll', onScroll, { passive: true });
    return () => removeEventListener('scroll', onScroll);
  }, []);
  if (!cookieAccepted || !down) return null;
  return (
    <button type="button" className="scroll-top" aria-label="Наверх" onClick={() => scrollToTop()}>
      ↑
    </button>
  );
}
