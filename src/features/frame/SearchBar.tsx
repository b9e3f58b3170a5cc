// The header's search bar (spec §2 Search): a field inline on desktop, behind a search button on phones.
// A submit with non-blank text remembers it, goes to the search route and closes the bar; blank text is
// ignored; a press outside or Escape closes the bar.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { href } from '../../../common/routes.ts';
import { closeSearch, openSearch, searchSubmitted, toggleSearch, useMenu } from '../../state/menu.ts';
import { useUi } from '../../state/ui.ts';
import { SearchIcon } from './icons.tsx';
import { searchQueryOf } from './search-query.ts';
import { useDismiss } from './use-dismiss.ts';

export function SearchBar() {
  const { searchOpen } = useMenu();
  const saved = useUi().searchParam;
  const [text, setText] = useState(saved);
  const [, navigate] = useLocation();
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  // The last search, restored from lkData or set by a submit (here or in another tab), is what the field shows.
  const [shownSaved, setShownSaved] = useState(saved);
  if (saved !== shownSaved) {
    setShownSaved(saved);
    setText(saved);
  }

  // Opened by the phone's search button: the field takes the focus.
  useEffect(() => {
    if (searchOpen && document.activeElement !== inputRef.current) inputRef.current?.focus();
  }, [searchOpen]);

  useDismiss([rootRef], searchOpen, () => {
    closeSearch();
    inputRef.current?.blur();
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const query = searchQueryOf(text);
    if (query === null) return; // blank: ignored, the bar stays open
    searchSubmitted(query);
    setText(query);
    inputRef.current?.blur();
    navigate(href('search', {}, { searchParam: query }));
  };

  return (
    <div ref={rootRef} className={`search${searchOpen ? ' search--open' : ''}`}>
      <button
        type="button"
        className="icon-button search__toggle"
        aria-label="Поиск"
        aria-expanded={searchOpen}
        aria-controls="search-bar"
        onClick={toggleSearch}
      >
        <SearchIcon />
      </button>
      <form id="search-bar" role="search" aria-label="Поиск по каталогу" className="search__bar" onSubmit={submit}>
        <span className="search__icon">
          <SearchIcon />
        </span>
        <input
          ref={inputRef}
          type="search"
          name="searchParam"
          className="search__input"
          placeholder="Поиск по каталогу"
          aria-label="Что вы ищете?"
          autoComplete="off"
          enterKeyHint="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onFocus={openSearch}
        />
        <button type="submit" className="button search__submit">
          Найти
        </button>
      </form>
    </div>
  );
}
