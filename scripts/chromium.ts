// Debian's Chromium as the end-to-end tests, the bench's Lighthouse section and the icon script launch it:
// where it is (CHROMIUM_PATH) and the flags that keep it quiet and able to run as root in a container.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];
