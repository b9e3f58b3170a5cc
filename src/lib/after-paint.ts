// Work that waits for the browser's next paint: a tap's own answer on screen (a box ticked, a page number
// marked) reaches the screen first, and the heavier work it starts (an address change that redraws a page)
// runs after, as a task of its own. requestAnimationFrame runs just before a paint; a task queued from it runs
// after that paint. Hand-written: scheduler.yield does the second half but is not in every browser the shop
// serves, and no library is needed for two calls.
export function afterNextPaint(work: () => void): void {
  requestAnimationFrame(() => setTimeout(work, 0));
}
