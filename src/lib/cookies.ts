// Reads and writes document cookies the page may see (the server's `signedIn` hint, `cookieAccepted`; the
// sign-in token itself is HttpOnly): the one place that parses them.
export function readCookie(name: string, source: string = globalThis.document?.cookie ?? ''): string | null {
  for (const part of source.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

export function writeCookie(name: string, value: string | null, days = 365): void {
  const base = `${name}=${value === null ? '' : encodeURIComponent(value)}; Path=/; SameSite=Lax`;
  const expires = value === null ? 'Max-Age=0' : `Max-Age=${days * 86400}`;
  document.cookie = `${base}; ${expires}${location.protocol === 'https:' ? '; Secure' : ''}`;
}
