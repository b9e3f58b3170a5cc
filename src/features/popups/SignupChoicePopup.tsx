// The checkout signup choice (spec §2): log in, register, or continue without logging in, which sets the
// anonymous flag and goes to basket-delivery. Rendered by the popup host; Escape closes it.
import { useLocation } from 'wouter';
import { Popup } from '../../components/Popup.tsx';
import { href } from '../../../common/routes.ts';
import { continueAnonymously } from '../../state/checkout.ts';
import { closePopup, openPopup } from '../../state/popups.ts';

export function SignupChoicePopup() {
  const [, navigate] = useLocation();
  return (
    <Popup title="Оформление заказа" onClose={closePopup}>
      <p>Войдите, чтобы копить бонусы и видеть историю заказов, или оформите заказ без регистрации.</p>
      <div className="choice-buttons">
        <button type="button" className="button" onClick={() => openPopup('login')}>
          Войти
        </button>
        <button type="button" className="button button--ghost" onClick={() => openPopup('register')}>
          Зарегистрироваться
        </button>
        <button
          type="button"
          className="link-button"
          onClick={() => {
            continueAnonymously();
            closePopup();
            navigate(href('basket-delivery'));
          }}
        >
          Продолжить без регистрации
        </button>
      </div>
    </Popup>
  );
}
