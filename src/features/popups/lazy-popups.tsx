// The account popups as lazy chunks (components/lazy-popup.tsx): they are opened rarely, and the
// registration form brings the phone mask library. One that cannot load closes the account popup.
import { lazyPopup } from '../../components/lazy-popup.tsx';
import { closePopup } from '../../state/popups.ts';

export const ChangePasswordPopup = lazyPopup(() => import('./ChangePasswordPopup.tsx').then((m) => m.ChangePasswordPopup), closePopup);
export const FinishRegistrationPopup = lazyPopup(
  () => import('./FinishRegistrationPopup.tsx').then((m) => m.FinishRegistrationPopup),
  closePopup,
);
export const ForgotPopup = lazyPopup(() => import('./ForgotPopup.tsx').then((m) => m.ForgotPopup), closePopup);
export const LoginPopup = lazyPopup(() => import('./LoginPopup.tsx').then((m) => m.LoginPopup), closePopup);
export const RegisterPopup = lazyPopup(() => import('./RegisterPopup.tsx').then((m) => m.RegisterPopup), closePopup);
export const SignupChoicePopup = lazyPopup(() => import('./SignupChoicePopup.tsx').then((m) => m.SignupChoicePopup), closePopup);
