// Stands in for Quarto's light/dark toggle: a button that switches the class Quarto puts on <body>. The
// calculators (theme="inherit", the default) follow it.
const button = document.querySelector('.theme-toggle');
button?.addEventListener('click', () => {
  const dark = document.body.classList.toggle('quarto-dark');
  button.setAttribute('aria-pressed', String(dark));
});
