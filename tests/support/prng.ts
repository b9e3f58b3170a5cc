// mulberry32: a small seeded PRNG for the tests that draw at random (the chaos e2e, the lifecycle's property
// test), so a failing run can be replayed from the seed it prints. Hand-written: a dependency for eight lines
// of arithmetic would cost more than it saves.
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
