// The URL is the page's state: ?q= runs a search, &doc= opens a document, &chunk= picks the result's chunk. Every URL
// the page makes is relative to the page itself ("./?q=..."), so it works as served, under a gateway's path prefix
// (/kb/) as well as at the root.

let router = async () => {};

/** The function that brings the page to the URL's state (app.js sets it). */
export function setRouter(route) {
  router = route;
}

export function urlFor(q, doc, chunk) {
  const p = new URLSearchParams();
  if (q) {
    p.set('q', q);
  }
  if (doc) {
    p.set('doc', doc);
    if (Number.isInteger(chunk) && chunk > 0) {
      p.set('chunk', String(chunk));
    }
  }
  const s = p.toString();
  return s ? './?' + s : './';
}

export function navigate(url, state = null) {
  const target = new URL(url, location.href);
  if (target.pathname + target.search === location.pathname + location.search) {
    history.replaceState(state, '', url);
  } else {
    history.pushState(state, '', url);
  }
  return router();
}
