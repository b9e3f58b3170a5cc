// The phone the browser sections of the bench emulate: Lighthouse's mobile preset (a 412x823 screen at 1.75x,
// touch) and DevTools' 4x CPU slowdown, shared so the offline visit and the interactions measure one device.
export const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true } as const;

export const CPU_SLOWDOWN = 4;
