// The account popups as lazy chunks: they are opened rarely, and the registration form brings the phone
// mask library, so none of them weighs on the first page. A chunk that cannot load (a new deploy replaced
// it, the network went) closes the popup and logs it instead of taking the page down.
import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { closePopup } from '../../state/popups.ts';

class PopupBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(err: unknown) {
    console.error('[popup] could not open', err);
    closePopup();
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

function lazyPopup<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() }));
  return (props: P) => (
    <PopupBoundary>
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    </PopupBoundary>
  );
}

export const ChangePasswordPopup = lazyPopup(() => import('./ChangePasswordPopup.tsx').then((m) => m.ChangePasswordPopup));
export const FinishRegistrationPopup = lazyPopup(() => import('./FinishRegistrationPopup.tsx').then((m) => m.FinishRegistrationPopup));
export const ForgotPopup = lazyPopup(() => import('./ForgotPopup.tsx').then((m) => m.ForgotPopup));
export const LoginPopup = lazyPopup(() => import('./LoginPopup.tsx').then((m) => m.LoginPopup));
export const RegisterPopup = lazyPopup(() => import('./RegisterPopup.tsx').then((m) => m.RegisterPopup));
export const SignupChoicePopup = lazyPopup(() => import('./SignupChoicePopup.tsx').then((m) => m.SignupChoicePopup));
