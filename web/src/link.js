// The address bar: the scenario as URL parameters (?preset=ID&network.batch_size=64&dispatch=20%20us),
// which the engine reads (calc.readLink) and writes (calc.writeLink); this file only splits and joins
// addresses. Older links keep their hash (#scenario=<JSON>, #preset=ID&scenario=…) and people write
// parameters after a # too: a hash with a "=" holds parameters, one without is an anchor (#results).
// The page's own state travels beside the scenario: `pins` (the pinned scenarios, as JSON).

/** The page's own parameters, which are not the engine's to read. */
const PAGE_KEYS = ['pins'];

/**
 * @typedef {object} LinkParts
 * @property {[string, string][]} params  the scenario's parameters, in the link's order (query, then hash)
 * @property {string|null} pins  the pins' JSON, if the link carries pins
 */

/**
 * What an address holds.
 * @param {{search: string, hash: string}} where
 * @returns {LinkParts}
 */
export function readAddress({ search, hash }) {
  /** @type {[string, string][]} */
  const all = [...new URLSearchParams(search)];
  // One push a pair, not a spread into one call: a link of 130,000 parameters overflowed the stack
  // (issue 36). The engine reads the first 500 and notes the rest.
  if (hash.includes('=')) for (const pair of new URLSearchParams(hash.slice(1))) all.push(pair);
  const own = (key) => PAGE_KEYS.includes(key);
  const pins = all.filter(([key]) => key === 'pins').pop();
  return { params: all.filter(([key]) => !own(key)), pins: pins ? pins[1] : null };
}

/**
 * The longest query the page writes. Servers refuse a longer request line or header (nginx's default
 * buffer holds 8 KB, this project's server 16 KB: a 57 KB address got HTTP 431, issue 36); what does
 * not fit goes after '#', which the browser keeps and no server sees.
 */
export const MAX_QUERY = 8000;

/**
 * The address for the engine's parameters and the pins: the parameters in the query while they fit
 * MAX_QUERY, else after '#'; the pins (the page's own, of any length) always after '#'. Spaces are
 * written as %20 (a hand-written link reads "20%20us" as people type it), and the characters a path
 * allows stay readable.
 * @param {[string, string][]} params @param {string|null} [pins]
 */
export function writeAddress(params, pins = null) {
  const encode = (text) => encodeURIComponent(text).replace(/%2F/g, '/').replace(/%3A/g, ':').replace(/%2C/g, ',');
  /** @param {[string, string][]} list */
  const joined = (list) => list.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
  const query = joined(params);
  const fits = query.length <= MAX_QUERY;
  /** @type {[string, string][]} */
  const fragment = [...(fits ? [] : params), ...(pins ? /** @type {[string, string][]} */ ([['pins', pins]]) : [])];
  return `${fits && query ? `?${query}` : ''}${fragment.length ? `#${joined(fragment)}` : ''}`;
}
