// The channel subscription popup (spec §2, §4): opened by the page-view count (state/widgets.ts); closing
// it, or following the link, is stored so it never shows again.
import { Popup } from '../../components/Popup.tsx';
import { useCatalog } from '../../state/catalog.ts';
import { closeWidgetPopup } from '../../state/widgets.ts';

export function ChannelPopup() {
  const org = useCatalog().organization.data;
  return (
    <Popup title="Подпишитесь на наш канал" onClose={closeWidgetPopup}>
      <p>Новинки, закрытые распродажи и промокоды — первыми в нашем Telegram-канале.</p>
      {org?.link_telegram && (
        <a className="button" href={org.link_telegram} target="_blank" rel="noopener noreferrer" onClick={closeWidgetPopup}>
          Подписаться
        </a>
      )}
    </Popup>
  );
}
