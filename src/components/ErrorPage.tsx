// The error page of spec §2: titled 'Ошибка', says the page was removed or moved, links home. The missing
// shop data case shows it with an empty message; a route no one knows adds 'This page could not be found'.
import { Link } from 'wouter';
import { ERROR_TITLE } from '../../common/titles.ts';
import { useOwnHead } from './use-page-title.ts';

export const NOT_FOUND_TEXT = 'Страница, которую вы ищете, была удалена или перемещена.';
export const NO_ROUTE_TEXT = 'This page could not be found';

interface Props {
  statusCode?: number;
  /** null: the default removed-or-moved text; '': no text at all (spec §2 missing shop data). */
  message?: string | null;
  detail?: string;
}

export function ErrorPage({ statusCode = 404, message = null, detail }: Props) {
  useOwnHead({ title: ERROR_TITLE });
  return (
    <section className="error-page" data-status={statusCode}>
      <h1>Ошибка</h1>
      <p className="error-page__code">{statusCode}</p>
      {message !== '' && <p>{message ?? NOT_FOUND_TEXT}</p>}
      {detail && <p className="muted">{detail}</p>}
      <Link href="/" className="button">
        Вернуться на главную
      </Link>
    </section>
  );
}
