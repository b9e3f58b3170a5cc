// The social login buttons of the login and registration popups: one per provider the server has
// configured (GET /v1/auth/providers/); none when it lists none or cannot be reached.
import { useState } from 'react';
import { getSocialProviders } from '../../api/account.ts';
import { useLoad } from '../../components/use-load.ts';
import { serverMessage } from '../../api/account-errors.ts';
import { startSocialLogin } from './social-login.ts';

export function SocialButtons() {
  const providers = useLoad('social-providers', getSocialProviders);
  const [failure, setFailure] = useState('');
  const list = providers.data ?? [];
  if (!list.length) return null;
  return (
    <div className="social-login">
      <p className="muted">Или войдите через соцсеть:</p>
      <div className="social-login__buttons">
        {list.map((p) => (
          <button
            key={p.provider}
            type="button"
            className={`button button--ghost social-login__button social-login__button--${p.provider}`}
            onClick={() => {
              setFailure('');
              startSocialLogin(p.provider, p.authorize_url).catch((err: unknown) => {
                console.warn('[social-login]', p.provider, err);
                setFailure(
                  err instanceof Error && err.message === 'window blocked'
                    ? 'Браузер не открыл окно входа. Разрешите всплывающие окна для сайта и попробуйте ещё раз.'
                    : (serverMessage(err) ?? `Не удалось войти через ${p.name}. Попробуйте ещё раз`),
                );
              });
            }}
          >
            {p.name}
          </button>
        ))}
      </div>
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}
