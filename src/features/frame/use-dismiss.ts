// A hook: while `active`, a press (pointerdown) outside the given elements, or Escape anywhere, calls
// `onDismiss`. Used by the desktop dropdowns and the search bar.
import { useEffect, useRef, type RefObject } from 'react';

export function useDismiss(refs: readonly RefObject<HTMLElement | null>[], active: boolean, onDismiss: () => void): void {
  const latest = useRef({ refs, onDismiss });
  useEffect(() => {
    latest.current = { refs, onDismiss };
  });
  useEffect(() => {
    if (!active) return;
    const onPointer = (e: PointerEvent) => {
      const t = e.target;
      const inside = t instanceof Node && latest.current.refs.some((r) => r.current?.contains(t));
      if (!inside) latest.current.onDismiss();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') latest.current.onDismiss();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [active]);
}
