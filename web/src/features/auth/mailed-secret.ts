/**
 * The secret a mailed link carries (`#code=…`, `#token=…`), read once and taken out of the address bar: the fragment
 * never reaches a server, and once read it leaves no copy in the history either. Links mailed before the fragment
 * form carried it in the query (`?code=…`): read there too, and removed the same way.
 */
export function takeMailedSecret(name: string): string | null {
  const url = new URL(window.location.href);
  const fromHash = new URLSearchParams(url.hash.slice(1)).get(name);
  const value = fromHash ?? url.searchParams.get(name);
  if (value) {
    url.hash = '';
    url.searchParams.delete(name);
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}`);
  }
  return value;
}
