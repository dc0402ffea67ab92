// The calculator element's views (its view attribute): what each shows, by the markup's data-part names
// (web/calculator.html), and the height a notebook's frame starts at before the calculator inside grows
// it to its content. The notebook page lists them for Python (scripts/build-web.mjs), which refuses a
// view not named here before anything is shown.

/** What each view shows. */
export const VIEWS = {
  full: ['headline', 'controls', 'json', 'bars', 'whatif', 'sweep', 'devices', 'table', 'export', 'method'],
  compact: ['headline', 'bars'],
  whatif: ['whatif'],
  devices: ['devices'],
  bars: ['bars'],
  sweep: ['sweep'],
  table: ['table'],
  none: [],
};

/** A notebook frame's starting height in CSS pixels, by view. @type {Record<keyof typeof VIEWS, number>} */
export const FRAME_HEIGHTS = { full: 1400, compact: 420, whatif: 900, devices: 900, bars: 360, sweep: 700, table: 520, none: 240 };
