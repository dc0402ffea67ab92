// The headless Chromium every script of the project drives: Debian's, never a downloaded one.
//   - The browser tests and the build's prerender use Chromium's headless shell when it is installed
//     (Debian: chromium-headless-shell, the browser Playwright itself runs headless tests in): the
//     same Blink and V8 without the browser's UI and GPU process, about half the CPU of a page load
//     in the full browser (0.55 against 0.95 CPU-s here). Without it, the full browser, headless.
//   - The bench and the README's pictures use the full browser, as a reader's would be.
// EPOCHCALC_CHROMIUM (the name scripts/setup.sh checks) or CHROMIUM_PATH points at another full
// browser, EPOCHCALC_HEADLESS_SHELL at another shell.
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.EPOCHCALC_CHROMIUM ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const HEADLESS_SHELL = process.env.EPOCHCALC_HEADLESS_SHELL ?? '/usr/bin/chromium-headless-shell';

/** Flags for either: no sandbox (containers), no GPU, and nothing that reaches the network. */
const QUIET = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** The full browser's launch arguments (its new headless mode). */
export const CHROMIUM_ARGS = ['--headless=new', ...QUIET];

/** Launch options for playwright-core's chromium.launch: the full browser, headless. */
export const fullBrowser = () => ({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });

/** Launch options for tests and the prerender: the headless shell if installed, else the full browser. */
export const testBrowser = () => (existsSync(HEADLESS_SHELL) ? { executablePath: HEADLESS_SHELL, args: QUIET } : fullBrowser());

/** Whether any browser is there to be launched. */
export const haveChromium = () => existsSync(HEADLESS_SHELL) || existsSync(CHROMIUM);
