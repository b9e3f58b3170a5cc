// The 'Ваша заказ принят' popup (spec §2): shown once for each placed order, on the first checkout page the
// shopper sees after placing it (confirm, or success when it was paid at once); the order popup flag of
// lkData says it is still owed, and Ok or closing it settles it, so a reload or the next page does not
// show it again.
import { Popup } from '../../components/Popup.tsx';
import { orderPopupSeen, useUi } from '../../state/ui.ts';

export function OrderAcceptedPopup() {
  const { orderPopup } = useUi();
  if (!orderPopup) return null;
  return (
    <Popup title="Ваша заказ принят" onClose={orderPopupSeen}>
      <p>Менеджер магазина скоро позвонит вам, чтобы уточнить детали.</p>
      <button type="button" className="button" onClick={orderPopupSeen}>
        Ok
      </button>
    </Popup>
  );
}
