// The balance check form: a card code goes to POST /v1/check_card/; the answer reads 'На карте 3 500 ₽,
// действует до …'; a refusal shows the server's message; an empty code is marked and not sent.
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/api-error.ts';
import { checkCard } from '../../api/gift.ts';
import { CARD_CODE, cleanCardCode } from '../../../common/input-rules.ts';
import { balanceText } from './gift-text.ts';

type State =
  | { kind: 'idle' }
  | { kind: 'empty' }
  | { kind: 'checking' }
  | { kind: 'done'; code: string; text: string }
  | { kind: 'refused'; message: string };

const NETWORK_TEXT = 'Не удалось проверить баланс: нет связи с магазином. Попробуйте ещё раз чуть позже.';

export function BalanceForm() {
  const [code, setCode] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const clean = cleanCardCode(code);
    if (!CARD_CODE.test(code)) {
      setState({ kind: 'empty' });
      return;
    }
    setState({ kind: 'checking' });
    try {
      const card = await checkCard(clean);
      setState({ kind: 'done', code: card.code, text: balanceText(card) });
    } catch (err) {
      const refused = err instanceof ApiError && !err.isNetwork;
      setState({ kind: 'refused', message: refused ? err.message : NETWORK_TEXT });
    }
  };
  const empty = state.kind === 'empty';
  return (
    <form className="gift-form" onSubmit={submit} noValidate>
      <div className={`gift-form__field${empty ? ' has-error' : ''}`}>
        <label htmlFor="gift-card-code">Код карты</label>
        <input
          id="gift-card-code"
          name="code"
          value={code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={50}
          aria-invalid={empty}
          aria-describedby={empty ? 'gift-card-code-error' : undefined}
          onChange={(e) => {
            setCode(e.target.value);
            if (empty) setState({ kind: 'idle' });
          }}
        />
        {empty && (
          <p id="gift-card-code-error" className="form-error" role="alert">
            {CARD_CODE.message}
          </p>
        )}
      </div>
      <button type="submit" className="button" disabled={state.kind === 'checking'}>
        {state.kind === 'checking' ? 'Проверяем…' : 'Проверить баланс'}
      </button>
      {state.kind === 'done' && (
        <p className="gift-form__result" role="status" data-testid="card-balance">
          <span className="muted">Карта {state.code}</span>
          <strong>{state.text}</strong>
        </p>
      )}
      {state.kind === 'refused' && (
        <p className="notice gift-form__refusal" role="alert">
          {state.message}
        </p>
      )}
    </form>
  );
}
