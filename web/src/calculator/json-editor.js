// The calculator's JSON editor: any scenario, checked by the engine. It gets its text when it is open: a
// closed one lays out nothing, so a link of megabytes costs no layout and an edit does not write the
// document out twice.

/**
 * @param {(id: string) => HTMLElement} $
 * @param {{ apply: (text: string) => void, reset: () => void }} on  Apply, and "start from the default preset"
 */
export function mountJsonEditor($, { apply, reset }) {
  const box = /** @type {HTMLDetailsElement} */ ($('json-editor'));
  const area = /** @type {HTMLTextAreaElement} */ ($('scenario-json'));
  /** The editor's next text, written when it opens. @type {(() => string)|null} */
  let waiting = null;
  const fill = () => {
    if (!waiting) return;
    area.value = waiting();
    waiting = null;
  };
  box.addEventListener('toggle', () => { if (box.open) fill(); });
  // (The toggle event comes a task after the click: what the user typed by then stays.)
  area.addEventListener('input', () => { waiting = null; });
  $('scenario-json-apply').addEventListener('click', () => apply(area.value));
  $('scenario-default').addEventListener('click', reset);
  return {
    /** The document to show, written out when the editor is (or next is) open. @param {() => string} text */
    write(text) {
      waiting = text;
      if (box.open) fill();
    },
    /** Opens or closes it. @param {boolean} open */
    show(open) { box.open = open; },
    /** Opens it with the document, the cursor in it. */
    focus() {
      box.open = true;
      fill();
      area.focus();
    },
  };
}
