// Sets the colour scheme before the first paint, as Mantine's ColorSchemeScript does, from a file
// because the CSP allows no inline script. The key and values are those of Mantine's
// localStorageColorSchemeManager (the user menu's Light / Dark / Follow the system).
/* global window, document */
(function () {
  var chosen = null;
  try {
    chosen = window.localStorage.getItem('mantine-color-scheme-value');
  } catch {
    // storage blocked: follow the system
  }
  var scheme = chosen === 'light' || chosen === 'dark' ? chosen : window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();
