// The search page: ES modules, no framework, no build step, nothing from another origin (the page's policy
// allows scripts from this server only). Every piece of document text is escaped or sanitised before it becomes
// HTML. This module routes and wires; the parts live in their own modules. Modules, files and API calls are named by
// URLs relative to the page, never from the root, so that a gateway can serve it all under a path prefix.
import {$} from './dom.js';
import {closeDocument, closeDocumentView, openDocument} from './document-view.js';
import {ago, renderHome} from './home.js';
import {renderMarkdown} from './markdown.js';
import {navigate, setRouter, urlFor} from './navigation.js';
import {forgetSearch, lastSearch, search} from './results.js';
import {freshnessText, indexingText, refreshStatus} from './status.js';

let routeSeq = 0;

/** Brings the page to the URL's state. */
async function route() {
  const mine = ++routeSeq;
  const params = new URLSearchParams(location.search);
  const q = (params.get('q') || '').trim();
  const doc = params.get('doc');
  const chunk = parseInt(params.get('chunk') || '0', 10);
  $('q').value = q;
  document.title = q ? q + ' – kb-pipeline' : 'kb-pipeline';
  if (!q) {
    forgetSearch();
    $('partial-note').hidden = true;
    if (!doc || !$('home')) {
      $('results').replaceChildren();
      // The home view: what is there to ask about, before any question.
      renderHome(() => mine === routeSeq && !new URLSearchParams(location.search).get('q'));
    }
  } else if (lastSearch().query !== q) {
    await search(q);
  }
  if (mine !== routeSeq) {
    return;
  }
  if (doc) {
    await openDocument(doc, q, Number.isInteger(chunk) && chunk >= 0 ? chunk : 0, () => mine === routeSeq);
  } else {
    closeDocumentView();
  }
}

$('search-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const q = $('q').value.trim();
  if (q) {
    search(q, true);
  }
});
$('doc-close').addEventListener('click', closeDocument);
$('home').addEventListener('click', (e) => {
  e.preventDefault();
  navigate(urlFor());
});
document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape' && !$('document').hidden) {
    e.preventDefault();
    closeDocument();
  }
});
setRouter(route);
window.addEventListener('popstate', () => route());
// For the browser test: the pure parts, callable without a server in a particular state.
window.kbPage = Object.freeze({renderMarkdown, indexingText, freshnessText, ago});
route();
refreshStatus();
setInterval(refreshStatus, 5000);
