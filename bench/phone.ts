// The phone the browser sections of the bench emulate: Lighthouse's mobile preset (a 412x823 screen at 1.75x,
// touch), DevTools' 4x CPU slowdown and its slow 4G, shared so the offline visit, the interactions and the
// moves inside the app measure one device.
export const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true } as const;

export const CPU_SLOWDOWN = 4;

/** DevTools' "Slow 4G", as Lighthouse's mobile preset applies it (562.5 ms latency, 1.47 Mbit/s down, 675 kbit/s up). */
export const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };
