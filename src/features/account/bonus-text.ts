// Russian words of the bonus programme: the ledger's kinds, the points' plural, and the rules read from the
// numbers the server answers (accrual percent, the share of an order points may pay, their lifetime).
import type { BonusEntry } from '../../../common/contract/accounts.ts';
import type { BonusRules } from '../../../common/contract/orders.ts';
import { plural } from '../../../common/plural.ts';

export const BONUS_KIND_TEXT: Record<BonusEntry['kind'], string> = {
  accrual: 'Начисление за заказ',
  spend: 'Оплата заказа баллами',
  expire: 'Сгорание баллов',
  welcome: 'Приветственные баллы',
};

/**
 * A ledger line's words: a 'spend' with a positive amount is points given back (an order cancelled), an
 * 'accrual' with a negative one is the points of a paid order taken back when it was cancelled.
 */
export const entryText = (e: Pick<BonusEntry, 'kind' | 'amount'>): string =>
  e.kind === 'spend' && e.amount > 0
    ? 'Возврат баллов за отменённый заказ'
    : e.kind === 'accrual' && e.amount < 0
      ? 'Списание баллов за отменённый заказ'
      : BONUS_KIND_TEXT[e.kind];

export const pointsText = (n: number): string => `${n} ${plural(Math.abs(n), ['балл', 'балла', 'баллов'])}`;

/** The programme's rules as sentences, each number from the server. */
export function bonusRuleLines(r: BonusRules): string[] {
  return [
    `За каждый оплаченный заказ начисляем ${r.accrual_percent}% от стоимости товаров баллами. За подарочные сертификаты баллы не начисляются.`,
    '1 балл = 1 ₽: баллами можно оплатить следующие заказы.',
    `Баллами можно оплатить до ${r.max_share_percent}% стоимости товаров в заказе (после скидки по промокоду).`,
    `Баллы действуют ${r.lifetime_days} ${plural(r.lifetime_days, ['день', 'дня', 'дней'])} с момента начисления; первыми списываются самые ранние.`,
    'Баллы не обмениваются на деньги. Бонусная программа доступна зарегистрированным покупателям.',
  ];
}
