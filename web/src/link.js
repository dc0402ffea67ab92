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
  if (hash.includes('=')) all.push(...new URLSearchParams(hash.slice(1)));
  const own = (key) => PAGE_KEYS.includes(key);
  const pins = all.filter(([key]) => key === 'pins').pop();
  return { params: all.filter(([key]) => !own(key)), pins: pins ? pins[1] : null };
}

/**
 * The query for the engine's parameters and the pins. Spaces are written as %20 (a hand-written link
 * reads "20%20us" as people type it), and the characters a path allows stay readable.
 * @param {[string, string][]} params @param {string|null} [pins]
 */
export function writeAddress(params, pins = null) {
  const all = pins ? [...params, ['pins', pins]] : params;
  const encode = (text) => encodeURIComponent(text).replace(/%2F/g, '/').replace(/%3A/g, ':').replace(/%2C/g, ',');
  return all.length ? `?${all.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}` : '';
}
