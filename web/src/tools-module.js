// The what-if tools' module (epochcalc-tools.js), loaded once for every calculator on the page: a file
// that is missing is asked for once, and each calculator says so where the tools would be.

/** @type {Promise<typeof import('./tools/tools.js')>|null} */
let loading = null;

export const toolsModule = () => (loading ??= import('./tools/tools.js'));
