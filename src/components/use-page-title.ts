// The hook a page names itself with (spec §2 titles): the head its module makes of its answers (common/pages/:
// "<name> — Море и Мода" and a description), for the current path, once known; the URL's SEO record still
// wins (state/head.ts). The server writes the same head into the page's HTML from the same answers.
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import type { OwnHead } from '../../common/page-module.ts';
import { setPageTitle } from '../state/head.ts';

export function useOwnHead(own: OwnHead | null | undefined): void {
  const [path] = useLocation();
  const title = own?.title ?? '';
  const description = own?.description ?? '';
  useEffect(() => {
    if (title || description) setPageTitle(path, title, description);
  }, [path, title, description]);
}
