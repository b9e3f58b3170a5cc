// One dropdown of the desktop menu: a trigger (the section's link plus a toggle button, or a button alone)
// and a panel of links. Opens on mouse hover, keyboard focus and the toggle; closes on Escape, a press
// outside, the mouse or focus leaving it, and when one of its links is followed.
import { useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type PointerEvent } from 'react';
import { Link } from 'wouter';
import { closeDropdown, openDropdown, toggleDropdown, useMenu } from '../../state/menu.ts';
import { ChevronIcon } from './icons.tsx';
import { useDismiss } from './use-dismiss.ts';

export interface MenuLink {
  href: string;
  label: string;
}

interface Props {
  /** Key in the menu store: a root's path or 'brands'. */
  id: string;
  label: string;
  /** The section's own page; without it the trigger is a button named `label`. */
  href?: string;
  /** Accessible name of the list of links. */
  listLabel: string;
  links: readonly MenuLink[];
  /** The 'see more' link, shown after the list. */
  more?: MenuLink | null;
}

export function MenuDropdown({ id, label, href, listLabel, links, more }: Props) {
  const open = useMenu().dropdown === id;
  const itemRef = useRef<HTMLLIElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  /** Set while we move focus ourselves, so that focus is not read as a wish to open. */
  const quiet = useRef(false);
  const panelId = `menu-panel-${id.replace(/[^a-z0-9-]/gi, '-')}`;
  const close = () => closeDropdown(id);
  useDismiss([itemRef], open, close);

  // A panel that would run off the right edge of the window opens leftwards from its trigger instead.
  const [alignEnd, setAlignEnd] = useState(false);
  useLayoutEffect(() => {
    const item = itemRef.current;
    const panel = panelRef.current;
    if (!open || !item || !panel) return;
    setAlignEnd(item.getBoundingClientRect().left + panel.offsetWidth > document.documentElement.clientWidth);
  }, [open]);

  const onFocus = (e: FocusEvent) => {
    // Keyboard focus only: a mouse press on the toggle focuses it too, and its click decides.
    if (!quiet.current && e.target.matches(':focus-visible')) openDropdown(id);
  };
  const onBlur = (e: FocusEvent) => {
    if (!(e.relatedTarget instanceof Node && itemRef.current?.contains(e.relatedTarget))) close();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    if (panelRef.current?.contains(document.activeElement)) {
      quiet.current = true;
      toggleRef.current?.focus();
      quiet.current = false;
    }
    close();
  };
  const onPointerEnter = (e: PointerEvent) => {
    if (e.pointerType === 'mouse') openDropdown(id);
  };
  const onPointerLeave = (e: PointerEvent) => {
    if (e.pointerType === 'mouse') close();
  };

  const toggleProps = {
    ref: toggleRef,
    type: 'button' as const,
    'aria-expanded': open,
    'aria-controls': panelId,
    onClick: () => toggleDropdown(id),
  };
  return (
    <li
      ref={itemRef}
      className={`menu__item${open ? ' is-open' : ''}`}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onFocus={onFocus}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      {href ? (
        <>
          <Link href={href} className="menu__top" onClick={close} data-prefetch>
            {label}
          </Link>
          <button {...toggleProps} className="menu__toggle" aria-label={`Подкатегории раздела «${label}»`}>
            <ChevronIcon />
          </button>
        </>
      ) : (
        <button {...toggleProps} className="menu__top menu__top--button">
          {label} <ChevronIcon />
        </button>
      )}
      <div ref={panelRef} id={panelId} className={`menu__panel${alignEnd ? ' menu__panel--end' : ''}`} hidden={!open}>
        <ul className="menu__links" aria-label={listLabel}>
          {links.map((l) => (
            <li key={l.href}>
              <Link href={l.href} onClick={close} data-prefetch>
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
        {more && (
          <Link href={more.href} className="menu__more" onClick={close} data-prefetch>
            {more.label}
          </Link>
        )}
      </div>
    </li>
  );
}
