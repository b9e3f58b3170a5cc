// API of discounts (spec §7): a promo code checked against a sum (the shopper's basket goods when the
// basket has lines, else the sum sent), limited per address against guessing codes (429), the signed-in
// shopper's bonus points with the programme's rules, and the rules alone for anyone (/rules-discount).
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../common/endpoints.ts';
import { LIMITS, knownShopper, route, spendAttempt } from '../http/public.ts';
import { BONUS_RULES, bonusBalance, ledgerOf } from '../accounts/public.ts';
import { basketSums } from '../basket/public.ts';
import { Refusal } from '../refusal.ts';
import { findPromo } from './promo-sql.ts';
import { evaluatePromo, normalizeCode } from './promo-rules.ts';

export const SIGN_IN_NEEDED = 'Войдите, чтобы пользоваться бонусной программой';

/** The programme's rules as both bonus calls answer them. */
const RULES = {
  accrual_percent: BONUS_RULES.accrualPercent,
  max_share_percent: BONUS_RULES.maxSharePercent,
  lifetime_days: BONUS_RULES.lifetimeDays,
};

export default async function promoRoutes(app: FastifyInstance): Promise<void> {
  route(app, ENDPOINTS.promoCode, async (req) => {
    await spendAttempt(app.db, [[LIMITS.promoPerAddress, req.ip]]);
    const basket = await basketSums(app.db, knownShopper(req));
    const sum = basket.lines ? basket.goods : (req.body.sum ?? 0);
    const verdict = evaluatePromo(await findPromo(app.db, normalizeCode(req.body.code)), sum);
    if (!verdict.ok) throw new Refusal(verdict.kind, verdict.message);
    return { code: verdict.code, discount: verdict.discount, message: verdict.message };
  });

  route(app, ENDPOINTS.bonus, async (req) => {
    if (req.userId === null) throw new Refusal('unauthenticated', SIGN_IN_NEEDED);
    return { balance: bonusBalance(await ledgerOf(app.db, req.userId)), ...RULES };
  });

  route(app, ENDPOINTS.bonusRules, async () => RULES);
}
