// Where the question's words and the chunk's text are on the page.

export const words = (query) => [...new Set(String(query ?? '').toLowerCase().split(/[^\p{L}\p{N}_]+/u)
  .filter((w) => w.length > 2))];
export const tokens = (text) => new Set(String(text ?? '').toLowerCase().match(/[\p{L}\p{N}_]{2,}/gu) || []);

/** Text never marked: a citation (path:42-57) or a path is where the answer is, not what it says. */
const UNMARKED = 'mark, .lines, .path, [data-no-mark]';

/**
 * Wraps the query's words in <mark> inside the element's text nodes (never inside tags or attributes, nor inside a
 * citation or a path).
 */
export function markTerms(element, query) {
  const terms = words(query).sort((a, b) => b.length - a.length);
  if (!terms.length) {
    return;
  }
  const pattern = new RegExp('(' + terms.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|') + ')', 'giu');
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const nodes = [];
  while (walker.nextNode()) {
    if (!walker.currentNode.parentElement.closest(UNMARKED)) {
      nodes.push(walker.currentNode);
    }
  }
  for (const node of nodes) {
    const parts = node.nodeValue.split(pattern);
    if (parts.length < 2) {
      continue;
    }
    const fragment = document.createDocumentFragment();
    parts.forEach((part, i) => {
      if (i % 2) {
        const mark = document.createElement('mark');
        mark.textContent = part;
        fragment.appendChild(mark);
      } else if (part) {
        fragment.appendChild(document.createTextNode(part));
      }
    });
    node.replaceWith(fragment);
  }
}

export const overlap = (inner, outer) => {
  let held = 0;
  inner.forEach((t) => { held += outer.has(t) ? 1 : 0; });
  return inner.size ? held / inner.size : 0;
};
