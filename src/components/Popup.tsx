// A modal popup: a labelled dialog over a backdrop; Escape and the close button close it, and so does a
// click on the backdrop unless the caller says otherwise. Focus moves into it and back when it closes.
import { useEffect, useRef, type ReactNode } from 'react';

interface Props {
  title: string;
  onClose: () => void;
  /** What a backdrop click does; defaults to onClose. */
  onBackdrop?: () => void;
  closeOnEscape?: boolean;
  children: ReactNode;
  wide?: boolean;
}

export function Popup({ title, onClose, onBackdrop, closeOnEscape = true, children, wide }: Props) {
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    dialog.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && closeOnEscape) onClose();
    };
    document.addEventListener('keydown', onKey);
    document.body.classList.add('has-popup');
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('has-popup');
      before?.focus?.();
    };
  }, [onClose, closeOnEscape]);
  return (
    <div className="popup-backdrop" onClick={(e) => e.target === e.currentTarget && (onBackdrop ?? onClose)()}>
      <div ref={dialog} className={`popup${wide ? ' popup--wide' : ''}`} role="dialog" aria-modal="true" aria-label={title} tabIndex={-1}>
        <header className="popup__head">
          <h2>{title}</h2>
          <button type="button" className="popup__close" aria-label="Закрыть" onClick={onClose}>
            ×
          </button>
        </header>
        {children}
      </div>
    </div>
  );
}
