// Tells the shopper what the app knows and they do not: offline mode, browser storage trouble, a new
// version waiting (or already taken over from another tab), and that the shop is ready to work offline. The
// messages lie over the header's top (.status-bar in global.css): one that comes never moves the page.
import { applyUpdate, useSwStatus } from '../../state/sw-status.ts';
import { useUi } from '../../state/ui.ts';

export function StatusBar() {
  const { online, storageProblem } = useUi();
  const sw = useSwStatus();
  return (
    <div className="status-bar" aria-live="polite">
      {!online && (
        <p className="status status--offline" role="status">
          Нет подключения к интернету. Показываем сохранённые данные.
        </p>
      )}
      {storageProblem === 'unavailable' && (
        <p className="status status--warn" role="status">
          Браузер не даёт магазину хранить данные: изменения избранного и корзины не сохранятся после перезагрузки.
        </p>
      )}
      {storageProblem === 'quota' && (
        <p className="status status--warn" role="status">
          В браузере закончилось место: последние изменения избранного и корзины не сохранятся после перезагрузки.
        </p>
      )}
      {sw.updateApplied && (
        <p className="status status--update" role="status">
          Магазин обновился в другой вкладке. Обновите эту страницу, когда закончите с ней.{' '}
          <button type="button" className="button button--small" onClick={() => location.reload()}>
            Обновить страницу
          </button>
        </p>
      )}
      {sw.updateReady && (
        <p className="status status--update" role="status">
          Доступна новая версия магазина.{' '}
          <button type="button" className="button button--small" onClick={applyUpdate}>
            Обновить
          </button>
        </p>
      )}
    </div>
  );
}
