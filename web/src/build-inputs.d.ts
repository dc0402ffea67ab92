// What scripts/build-web.mjs hands the element bundle as text (esbuild's text loader and a virtual module).
declare module '*.html' {
  const markup: string;
  export default markup;
}
declare module 'epochcalc:element-css' {
  const css: string;
  export default css;
}
declare module '*.css' {
  const css: string;
  export default css;
}
