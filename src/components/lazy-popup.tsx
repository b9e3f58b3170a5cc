// A popup whose code loads when it first opens: it is rarely needed, so none of it weighs on the first page.
// A chunk that cannot load (a new deploy replaced it) reloads the page once (chunk-reload.ts); past that,
// or offline, the popup closes (`close`) and the failure is logged instead of taking the page down.
import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { loadOrReload } from './chunk-reload.ts';

class PopupBoundary extends Component<{ children: ReactNode; close: () => void }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(err: unknown) {
    console.error('[popup] could not open', err);
    this.props.close();
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

export function lazyPopup<P extends object>(load: () => Promise<ComponentType<P>>, close: () => void): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await loadOrReload(load) }));
  return (props: P) => (
    <PopupBoundary close={close}>
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    </PopupBoundary>
  );
}
