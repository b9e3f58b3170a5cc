// The hook a page names itself with (spec §2 titles): "<name> — Море и Мода" and a description for the
// current path, once the name is known; the URL's SEO record still wins (state/head.ts).
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { namedTitle } from '../../common/titles.ts';
import { setPageTitle } from '../state/head.ts';

export function usePageTitle(name: string | undefined | null, description = ''): void {
  const [path] = useLocation();
  useEffect(() => {
    if (name) setPageTitle(path, namedTitle(name), description);
  }, [path, name, description]);
}
