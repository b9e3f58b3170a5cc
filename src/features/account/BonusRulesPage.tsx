// /rules-discount, for anyone: the bonus programme's rules, each number from GET /v1/bonus/rules/ (the same
// numbers the signed-in GET /v1/bonus/ answers), so the page never disagrees with what the shop applies.
import { Link } from 'wouter';
import { getBonusRules } from '../../api/account.ts';
import { useLoad } from '../../components/use-load.ts';
import { href } from '../../../common/routes.ts';
import { useAuth } from '../../state/auth.ts';
import { AccountFrame } from './AccountFrame.tsx';
import { bonusRuleLines } from './bonus-text.ts';

export default function BonusRulesPage() {
  const rules = useLoad('bonus-rules', getBonusRules);
  const { signedIn } = useAuth();
  return (
    <AccountFrame title="Правила бонусной программы" open>
      {rules.loading ? (
        <p className="muted" role="status">
          Загружаем правила…
        </p>
      ) : rules.data ? (
        <ul className="bonus-rules" data-testid="bonus-rules">
          {bonusRuleLines(rules.data).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : (
        <p className="form-error" role="alert">
          Не удалось загрузить правила. Проверьте подключение к интернету и обновите страницу.
        </p>
      )}
      <p>
        {signedIn ? <Link href={href('discount')}>Мои баллы</Link> : 'Чтобы копить баллы, войдите в личный кабинет или зарегистрируйтесь.'}
      </p>
    </AccountFrame>
  );
}
