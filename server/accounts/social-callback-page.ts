// The page a social provider sends the login popup back to (/api/auth/{provider}/callback?code&state), and
// its script, served as a same-origin file (the CSP allows no inline script): it posts
// { type: 'social-login', provider, code, state } (and error, when the shopper refused) to the window that
// opened it, for that window's origin only, and closes; without an opener it says so in Russian with a
// link home.

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;background:#f4f7f9;color:#1a1a1a;margin:0;display:flex;min-height:100vh;
align-items:center;justify-content:center}main{background:#fff;border-radius:12px;box-shadow:0 2px 12px #0002;padding:32px;
max-width:420px;width:100%;text-align:center}a{color:#0a5d8a}`;

/** The script's address relative to the page (/api/auth/{provider}/callback -> /api/auth/callback.js). */
const CALLBACK_SCRIPT = 'callback.js';

export const callbackPage = () => `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Вход — Море и Мода</title>
<style>${STYLE}</style>
<script src="../${CALLBACK_SCRIPT}" defer></script>
</head>
<body>
<main>
  <p id="social-login-status">Завершаем вход…</p>
  <p id="social-login-home" hidden><a href="/">Вернуться на главную</a></p>
</main>
</body>
</html>
`;

export const callbackScript = `// Hands the provider's answer to the shop's window that opened this popup, then closes.
(function () {
  var params = new URLSearchParams(location.search);
  var parts = location.pathname.split('/');
  var message = {
    type: 'social-login',
    provider: parts[parts.length - 2] || '',
    code: params.get('code') || '',
    state: params.get('state') || ''
  };
  if (params.get('error')) message.error = params.get('error');
  var opener = window.opener;
  if (opener && !opener.closed) {
    opener.postMessage(message, location.origin);
    window.close();
    return;
  }
  document.getElementById('social-login-status').textContent =
    'Не удалось завершить вход: окно магазина не найдено. Вернитесь на сайт и войдите ещё раз.';
  document.getElementById('social-login-home').hidden = false;
})();
`;
