// A failed page chunk reloads the page at most once per 60 s (spec §9).
import { describe, expect, it } from 'vitest';
import { claimChunkReload } from '../../src/components/chunk-reload.ts';

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
}

describe('chunk reload guard', () => {
  it('allows one reload, then none until 60 s have passed', () => {
    const s = memoryStorage();
    const t0 = 1_800_000_000_000;
    expect(claimChunkReload(t0, s)).toBe(true);
    expect(claimChunkReload(t0 + 1_000, s)).toBe(false);
    expect(claimChunkReload(t0 + 59_999, s)).toBe(false);
    expect(claimChunkReload(t0 + 60_000, s)).toBe(true);
  });
});
