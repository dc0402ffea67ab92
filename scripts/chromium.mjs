// The headless Chromium every script of the project drives (the build's prerender, the browser tests,
// the bench, the screenshots): Debian's, never a downloaded one. EPOCHCALC_CHROMIUM (the name
// scripts/setup.sh checks) or CHROMIUM_PATH points elsewhere.
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.EPOCHCALC_CHROMIUM ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** Whether the browser is there to be launched. */
export const haveChromium = () => existsSync(CHROMIUM);
