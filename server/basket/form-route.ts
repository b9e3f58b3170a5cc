// The product page's add-to-basket form sent by the browser itself (POST /v2/cart/form/): on a first visit a
// shopper may tap «Добавить в корзину» before the page's app has started (common/early-input-script.ts lets
// the form go), or the browser runs no script at all. The chosen variants are added as the app adds them (one
// of each, under the form's idempotency key, so a form sent twice adds once), then the browser is sent to the
// basket page (303), which shows the line; a refusal is a page saying why, in the basket's own words, with
// the way back to the product. A form another site's page sent is refused before it (plugins/same-origin.ts).
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../common/endpoints.ts';
import { NO_SIZE_CHOSEN } from '../../common/input-rules.ts';
import { href } from '../../common/routes.ts';
import { formPageRoutes, idempotentCall, route, sendLinkPage } from '../http/public.ts';
import { addToBasket } from './basket.ts';

/** The title of the page that says why the form added nothing. */
const BASKET_FORM_TITLE = 'Добавление в корзину';

/** Where the form goes back to: a path of this shop (never another site's address), else the home page. */
function backPath(back: string | undefined): string {
  return back && /^\/(?![/\\])/.test(back) ? back : '/';
}

export function basketFormRoute(app: FastifyInstance): void {
  formPageRoutes(app, (scope) => {
    route(scope, ENDPOINTS.cartAddForm, async (req, reply) => {
      const { selectSize, selectTop, selectBottom, idempotency_key } = req.body;
      const back = backPath(req.body.back);
      const refusal = (status: number, text: string) => sendLinkPage(reply, status, { title: BASKET_FORM_TITLE, text, back });
      const chosen = [selectSize, selectTop, selectBottom].filter((ext): ext is string => !!ext);
      if (!chosen.length) return refusal(400, NO_SIZE_CHOSEN);
      const refused = await idempotentCall(
        app.db,
        req,
        reply,
        (err) => err.message,
        async (tx, who) => {
          for (const ext of chosen) await addToBasket(tx, who, ext, 1);
          return null;
        },
        idempotency_key,
      );
      if (typeof refused === 'string') return refusal(reply.statusCode, refused);
      return reply.redirect(href('basket'), 303);
    });
  });
}
