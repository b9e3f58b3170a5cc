// The page's memory of public answers: a page joins a fetch ahead on its way, uses an answer fetched ahead
// as it is for a minute, asks again for one already shown, keeps an older answer when asking again fails,
// and keeps no more than its bound.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  answerAtHand,
  answerOnce,
  FRESH_MS,
  forgetAnswers,
  KEPT,
  KEPT_MS,
  recallAnswer,
  rememberAnswer,
} from '../../src/api/answer-memory.ts';

beforeEach(() => {
  forgetAnswers();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('the page memory of answers', () => {
  it('makes one request for a page that asks while the same answer is being fetched ahead', async () => {
    let calls = 0;
    let answer!: (v: string) => void;
    const load = () => {
      calls += 1;
      return new Promise<string>((resolve) => (answer = resolve));
    };
    const ahead = answerOnce('product 1', load, false);
    const page = answerOnce('product 1', load, true);
    answer('bikini');
    expect(await ahead).toBe('bikini');
    expect(await page).toBe('bikini');
    expect(calls).toBe(1);
    // The page drew it: the next page to show it asks again.
    expect(recallAnswer('product 1', true)).toEqual({ data: 'bikini', fresh: false });
  });

  it('uses an answer fetched ahead as it is for a minute, once', async () => {
    await answerOnce('product 2', async () => 'swimsuit', false);
    expect(answerAtHand('product 2')).toBe(true);
    vi.advanceTimersByTime(FRESH_MS - 1);
    expect(recallAnswer('product 2', true)).toEqual({ data: 'swimsuit', fresh: true });
    expect(recallAnswer('product 2', true)).toEqual({ data: 'swimsuit', fresh: false });
    expect(answerAtHand('product 2')).toBe(false);
  });

  it('asks again after a minute, and forgets an answer after fifteen', async () => {
    await answerOnce('listing', async () => [1, 2], false);
    vi.advanceTimersByTime(FRESH_MS + 1);
    expect(recallAnswer('listing', false)).toEqual({ data: [1, 2], fresh: false });
    vi.advanceTimersByTime(KEPT_MS);
    expect(recallAnswer('listing', false)).toBeUndefined();
  });

  it('keeps the older answer when asking again fails', async () => {
    rememberAnswer('listing', ['shown'], true);
    await expect(answerOnce('listing', () => Promise.reject(new Error('offline')), true)).rejects.toThrow('offline');
    expect(recallAnswer('listing', true)?.data).toEqual(['shown']);
  });

  it(`keeps at most ${KEPT} answers, dropping the oldest`, () => {
    for (let i = 0; i <= KEPT; i++) rememberAnswer(`answer ${i}`, i, true);
    expect(recallAnswer('answer 0', false)).toBeUndefined();
    expect(recallAnswer('answer 1', false)?.data).toBe(1);
    expect(recallAnswer(`answer ${KEPT}`, false)?.data).toBe(KEPT);
  });
});
