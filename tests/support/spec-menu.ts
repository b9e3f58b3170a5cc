// The menu brands in the spec's order (§9), written out for the tests that check the shop shows them: the
// server's `in_menu` brands and the header's menu. Never imported from the app, which is what they check.
export const SPEC_MENU_BRANDS = [
  'Beach Bunny',
  'Luli Fama',
  'Bound by Bond-Eye',
  'Cotazur',
  'Maaji',
  'DKNY',
  'PilyQ',
  'Sea Level',
  'Nuria Ferrer',
  'Runwaydreamz',
];
