// The service worker's picture cache bound in bytes (sw/picture-bytes.ts): the oldest pictures go first, only
// as many as the budget needs, and the newest stays even when it alone is over.
import { describe, expect, it } from 'vitest';
import { overBudget } from '../../sw/picture-bytes.ts';

describe("the picture cache's bound in bytes", () => {
  const kB = 1024;
  it('drops the oldest pictures until the rest fits', () => {
    const entries = [
      ['/media/p/a/480.avif', 30 * kB],
      ['/media/p/b/480.avif', 50 * kB],
      ['/media/p/c/960.avif', 40 * kB],
      ['/media/p/d/480.avif', 20 * kB],
    ] as const;
    expect(overBudget(entries, 200 * kB)).toEqual([]);
    expect(overBudget(entries, 100 * kB)).toEqual(['/media/p/a/480.avif', '/media/p/b/480.avif']);
    expect(overBudget(entries, 10 * kB)).toEqual(['/media/p/a/480.avif', '/media/p/b/480.avif', '/media/p/c/960.avif']);
  });
});
