// The address bar: the scenario as URL parameters (?preset=ID&network.batch_size=64&dispatch=20%20us),
// which the engine reads (calc.readLink) and writes (calc.writeLink); this file only splits and joins
// addresses. Older links keep their hash (#scenario=<JSON>, #preset=ID&scenario=…) and people write
// parameters after a # too: a hash with a "=" holds parameters, one without is an anchor (#results).
// The page's own state travels beside the scenario: `pins` (the pinned scenarios, as JSON).

/** The page's own parameter, which is not the engine's to read. */
const PINS = 'pins';

/**
 * @typedef {object} LinkParts
 * @property {[string, string][]} params  the scenario's parameters, in the link's order (query, then hash),
 *   up to `max` of them
 * @property {number} total  how many the link has (the engine says so past the ones it reads)
 * @property {string|null} pins  the pins' JSON, if the link carries pins
 */

/**
 * What an address holds: its first `max` parameters decoded (the engine reads the first
 * schema.limits.link_params and notes the rest), the others only counted. A link of 130,000 parameters
 * took 190 ms to decode whole (issue 47, L14).
 * @param {{search: string, hash: string}} where @param {number} [max]
 * @returns {LinkParts}
 */
export function readAddress({ search, hash }, max = Infinity) {
  /** @type {[string, string][]} */
  const params = [];
  let total = 0;
  /** @type {string|null} */
  let pins = null;
  // One piece a parameter, as URLSearchParams splits them ("&"; an empty piece is none); each decoded
  // as URLSearchParams decodes it ("+" is a space) where it is read, and the pins by their name.
  // The pieces are found in place, not split apart: a 1.2 MB link is 130,000 of them.
  const read = (/** @type {string} */ text) => {
    for (let start = 0; start < text.length;) {
      let end = text.indexOf('&', start);
      if (end < 0) end = text.length;
      const named = text.startsWith(`${PINS}=`, start);
      if (end > start && !named && params.length >= max) total += 1;
      else if (end > start) {
        const [pair] = new URLSearchParams(text.slice(start, end));
        if (pair[0] === PINS) {
          pins = pair[1];
        } else {
          params.push(pair);
          total += 1;
        }
      }
      start = end + 1;
    }
  };
  read(search.slice(1));
  if (hash.includes('=')) read(hash.slice(1));
  return { params, total, pins };
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
