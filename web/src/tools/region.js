// Landmark names for the tools' scrolling tables.

/**
 * A landmark's name, with the calculator's (its element's aria-label, else its id) where the tools live
 * in an element: several calculators on one page keep their landmarks apart, as their sections do.
 * @param {import('./tools.js').ToolsHost} host @param {string} name
 */
export function regionName(host, name) {
  const owner = host.root instanceof ShadowRoot ? host.root.host : null;
  const who = owner?.getAttribute('aria-label') ?? owner?.id;
  return who ? `${name} (${who})` : name;
}
