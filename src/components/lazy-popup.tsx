// A popup whose code loads when it first opens: it is rarely needed, so none of it weighs on the first page.
// A chunk that cannot load (a new deploy replaced it) reloads the page once (chunk-reload.ts); past that,
// or offline, the popup closes (`close`, given the popup's props) and the failure is logged instead of taking
// the page down.
import { Component, Suspense, type ComponentType, type ReactNode } from 'react';
import { lazyPage, type LazyPage } from './lazy-page.ts';

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

/**
 * A popup in a chunk of its own; `preload` loads it ahead, so a popup the server rendered (the reset token's)
 * hydrates at once instead of staying the server's inert HTML, where what the shopper types would be lost.
 */
export function lazyPopup<P extends object>(load: () => Promise<ComponentType<P>>, close: (props: P) => void): LazyPage<P> {
  const Lazy = lazyPage<P>(() => load().then((component): { default: ComponentType<P> } => ({ default: component })));
  const Popup = (props: P) => (
    <PopupBoundary close={() => close(props)}>
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    </PopupBoundary>
  );
  Popup.preload = Lazy.preload;
  return Popup;
}
