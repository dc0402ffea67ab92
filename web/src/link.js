// The address holds the scenario document exactly as written (`#scenario=<JSON>`), so a copied link
// restores the calculation and a link that cannot be read is shown, never replaced. No scenario rule
// lives here: the engine reads what the link holds and says what is wrong with it.

/**
 * @typedef {object} LinkContent
 * @property {unknown} [doc]   the scenario document, when the link's text is JSON
 * @property {string} [text]   the link's scenario text as written (for showing and fixing it)
 */

/**
 * What a URL hash holds: `#scenario=<JSON>`, or `#preset=ID` alone, which means `{"preset": ID}`. The
 * first page wrote `#preset=ID&scenario=<complete scenario>`: the scenario is complete, so it wins and
 * the preset named beside it only said where it started. An empty hash holds nothing.
 * @param {string} hash
 * @returns {LinkContent|null}
 */
export function readLink(hash) {
  if (!hash || hash.length < 2) return null;
  const params = new URLSearchParams(hash.slice(1));
  const text = params.get('scenario');
  const preset = params.get('preset');
  if (text != null) {
    /** @type {LinkContent} */
    const content = { text };
    try {
      content.doc = JSON.parse(text);
    } catch {
      // Left for the engine, which says where the JSON breaks.
    }
    return content;
  }
  if (preset != null) return { doc: { preset }, text: JSON.stringify({ preset }) };
  return null;
}

/**
 * The hash for a scenario document.
 * @param {unknown} doc
 */
export function writeLink(doc) {
  return `#${new URLSearchParams({ scenario: JSON.stringify(doc) }).toString()}`;
}
