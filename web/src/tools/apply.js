// Applying a what-if answer to the scenario on screen.

/**
 * Applies a what-if answer's edits to the scenario on screen as one step (Back, or an element's Undo,
 * takes it back): each read by the engine's field editor, a value as its text (docs/model.md, "One
 * meaning"). Shared by the one-click what-ifs ({path, text}) and the solve-for answer ({path, value}).
 * @param {import('./tools.js').ToolsHost} host @param {unknown} doc @param {{ path: string, text?: string, value?: number }[]} edits
 */
export function applyEdits(host, doc, edits) {
  host.load(edits.reduce((d, e) => host.calc.set(/** @type {any} */ (d), e.path, e.text ?? String(e.value)), doc), { edited: true });
}
