// The frame's account popups (spec §2, §4): the change-password popup while the URL carries a reset
// token (/reset/{token} or ?reset=), else finish registration while the signed-in user has no e-mail,
// else the popup the popups store names. Login and registration show only when signed out.
import { useCallback } from 'react';
import { useLocation, useSearch } from 'wouter';
import { href, matchRoute } from '../../../common/routes.ts';
import { useAuth } from '../../state/auth.ts';
import { openPopup, usePopups } from '../../state/popups.ts';
import { ChangePasswordPopup, FinishRegistrationPopup, ForgotPopup, LoginPopup, RegisterPopup, SignupChoicePopup } from './lazy-popups.tsx';
import './popups.css';

/** The reset token of the URL: the `reset` query over any page, or the /reset/{token} route. */
function resetToken(path: string, search: string): string | null {
  const query = new URLSearchParams(search).get('reset');
  if (query) return query;
  const found = matchRoute(path);
  return found?.route.name === 'reset-token' ? (found.params.token ?? null) : null;
}

/** Before hydration: the code of the popup the server rendered from the URL (a reset token), so it hydrates at once. */
export function preloadUrlPopup(path: string, search: string): Promise<void> {
  return resetToken(path, search) ? ChangePasswordPopup.preload() : Promise.resolve();
}

export function PopupHost() {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const { open } = usePopups();
  const { signedIn, user } = useAuth();
  const reset = resetToken(path, search);

  // Leaving the reset: the page under the query stays (without it); /reset/{token} has no page of its own.
  const leaveReset = useCallback(() => {
    const rest = new URLSearchParams(search);
    if (!rest.get('reset')) return navigate(href('index'), { replace: true });
    rest.delete('reset');
    navigate(`${path}${rest.size ? `?${rest}` : ''}`, { replace: true });
  }, [navigate, path, search]);
  const goHome = useCallback(() => navigate(href('index')), [navigate]);
  const loginAfterReset = useCallback(() => {
    leaveReset();
    openPopup('login');
  }, [leaveReset]);

  if (reset) return <ChangePasswordPopup key={reset} token={reset} onClose={leaveReset} onBackdrop={goHome} onLogin={loginAfterReset} />;
  if (user && !user.email) return <FinishRegistrationPopup user={user} />;
  const signedOut = !signedIn;
  switch (open) {
    case 'signup-choice':
      return <SignupChoicePopup />;
    case 'login':
      return signedOut ? <LoginPopup /> : null;
    case 'register':
      return signedOut ? <RegisterPopup /> : null;
    case 'forgot':
      return signedOut ? <ForgotPopup /> : null;
    default:
      return null;
  }
}
