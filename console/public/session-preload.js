// Loads umi's route preload helper (named in data-helper) only when a session cookie
// exists: without one the app goes to the login page and those chunks are not needed.
// A file, not an inline script, so the Content-Security-Policy can forbid inline scripts.
(function (me) {
  if (me && /(^|;\s*)Access-Token=/.test(document.cookie)) {
    var s = document.createElement('script');
    s.src = me.getAttribute('data-helper');
    document.head.appendChild(s);
  }
})(document.currentScript);
