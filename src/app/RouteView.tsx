// Renders the page of the current path from the route table, inside Suspense (the page's part of the
// hydration, app/Part.tsx) and an error boundary; a path no route matches gets the error page with 'This
// page could not be found'. Each page reached inside the app is kept for offline (state/offline-pages.ts).
import { Component, Suspense, useEffect, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ErrorPage, NO_ROUTE_TEXT } from '../components/ErrorPage.tsx';
import { matchRoute, moduleOf } from '../../common/routes.ts';
import { useOwnHead } from '../components/use-page-title.ts';
import { useHeadWriter, useRouteHead } from './head.ts';
import { isBuilt, PAGES } from './pages.tsx';
import { PartMounted } from './Part.tsx';
import { keepVisitedPage } from '../state/offline-pages.ts';

class PageBoundary extends Component<{ children: ReactNode; resetKey: string }, { failed: boolean; key: string }> {
  state = { failed: false, key: this.props.resetKey };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  static getDerivedStateFromProps(props: { resetKey: string }, state: { failed: boolean; key: string }) {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }
  componentDidCatch(err: unknown) {
    console.error('[page] failed to render', err);
  }
  render() {
    if (this.state.failed) {
      return (
        <>
          <ErrorPage statusCode={500} message="Не удалось открыть страницу. Проверьте подключение к интернету и попробуйте ещё раз." />
          <PartMounted name="page" />
        </>
      );
    }
    return this.props.children;
  }
}

export function RouteView() {
  const [path, navigate] = useLocation();
  // Spec §2: a trailing slash is dropped by redirect, in the app as on the server.
  const canonical = path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
  useEffect(() => {
    if (canonical !== path) navigate(canonical + location.search, { replace: true });
  }, [canonical, path, navigate]);
  const search = useSearch();
  // The canonical address, query included (a search, a filter): what the shopper would open again.
  useEffect(() => keepVisitedPage(canonical + (search ? `?${search}` : '')), [canonical, search]);
  const found = matchRoute(canonical);
  const Page = found ? PAGES[found.route.page] : null;
  useHeadWriter();
  useRouteHead(canonical, found?.route.title, !found || !isBuilt(found.route));
  // A page that asks nothing names itself from its module alone (a description of its own).
  const module = found ? moduleOf(found.route) : null;
  useOwnHead(module && !module.asks ? module.head?.({ ...found!, path: canonical, search }, {}) : null);
  return (
    <PageBoundary resetKey={canonical}>
      <Suspense fallback={<p className="page-loading muted">Загружаем страницу…</p>}>
        {Page ? <Page /> : <ErrorPage statusCode={404} detail={NO_ROUTE_TEXT} />}
        <PartMounted name="page" />
      </Suspense>
    </PageBoundary>
  );
}
