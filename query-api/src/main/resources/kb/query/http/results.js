// The search results: one card per document, its best chunks as snippets with the question's words marked.
import {$, escapeHtml, plainClick} from './dom.js';
import {markTerms} from './highlight.js';
import {renderMarkdown} from './markdown.js';
import {navigate, urlFor} from './navigation.js';

let current = {query: null, body: null};
let searchSeq = 0;

/** The last search answered: the document view marks the chunk a result showed. */
export const lastSearch = () => current;

export function forgetSearch() {
  current = {query: null, body: null};
}

/** Badges in words a user can check: "keyword match" only for a specific keyword. */
function badges(result) {
  const why = result.why || [];
  const title = why.join('\n');
  const badge = (cls, text, hint) => '<span class="badge ' + cls + '" title="' + escapeHtml(hint || title) + '">'
    + escapeHtml(text) + '</span>';
  const out = [];
  const specific = why.find((w) => w.startsWith('specific keyword'));
  const generic = why.find((w) => w.startsWith('generic keyword'));
  if (specific || (!why.length && (result.matchedBy || []).includes('L0'))) {
    out.push(badge('keyword', 'keyword match', specific));
  } else if (generic) {
    out.push(badge('muted', 'common keyword', generic));
  }
  if ((result.matchedBy || []).includes('bm25')) {
    out.push(badge('', 'text match'));
  }
  if ((result.matchedBy || []).includes('vector')) {
    out.push(badge('', 'similar meaning'));
  }
  return out.join('');
}

/** Collections known from the status: a result's collection is shown only when there are several. */
let collectionCount = 0;

export function setCollectionCount(count) {
  collectionCount = count;
}

function located(item) {
  return (collectionCount > 1 && item.collection ? item.collection + ': ' : '') + item.path;
}

/** How a chunk is cited: path:42-57 for lines, path, page 3 (slide, cell; Sheet1 rows 2-40) otherwise. */
export function citation(path, location) {
  const range = location.start + (location.end !== location.start ? '-' + location.end : '');
  if (location.unit === 'line') {
    return path + ':' + range;
  }
  const unit = location.unit + (location.end !== location.start ? 's' : '');
  return path + ', ' + (location.part ? location.part + ' ' : '') + unit + ' ' + range;
}

function resultCard(result, query) {
  const card = document.createElement('div');
  card.className = 'result';
  card.innerHTML = '<h2><a class="result-link" href="' + escapeHtml(urlFor(query, result.docId)) + '">'
    + escapeHtml(result.title || result.path) + '</a>' + badges(result) + '</h2>'
    + '<div class="path">' + escapeHtml(located(result)) + '</div>'
    + ((result.alsoAs || []).length ? '<div class="path also-as">also as ' + result.alsoAs.map((p) => escapeHtml(p))
      .join(', ') + '</div>' : '')
    + ((result.tags || []).length ? '<div class="tags">' + result.tags.map((t) => '<span class="tag">#'
      + escapeHtml(t) + '</span>').join(' ') + '</div>' : '')
    + (result.chunks || []).slice(0, 2).map((c, i) => '<a class="chunk md" data-chunk="' + i + '" href="'
      + escapeHtml(urlFor(query, result.docId, i)) + '">'
      + (c.sectionHeader || c.location ? '<div class="section">' + escapeHtml(c.sectionHeader || '')
        + (c.location ? '<span class="lines"> ' + escapeHtml(citation(result.path, c.location)) + '</span>' : '')
        + '</div>' : '')
      + renderMarkdown(String(c.text ?? '').slice(0, 3000), {links: false, headingShift: 3}) + '</a>').join('');
  card.querySelectorAll('.chunk').forEach((chunk) => markTerms(chunk, query));
  card.querySelectorAll('a.result-link, a.chunk').forEach((a) => a.addEventListener('click', (e) => {
    if (plainClick(e)) {
      e.preventDefault();
      navigate(a.getAttribute('href'), {fromResults: true});
    }
  }));
  return card;
}

function nothingFound(body) {
  const box = document.createElement('div');
  box.className = 'nothing';
  box.id = 'nothing-found';
  box.innerHTML = '<strong>Nothing found.</strong> ' + (body.degraded
    ? 'Elasticsearch could not be asked, so only exact keywords were looked up.'
    : 'The knowledge base does not seem to know this.');
  const suggestions = body.suggestions || [];
  if (suggestions.length) {
    box.append(' Nearby topics it does know:');
    const list = document.createElement('ul');
    for (const suggestion of suggestions) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'suggestion';
      button.textContent = suggestion;
      button.addEventListener('click', () => search(suggestion, true));
      const item = document.createElement('li');
      item.appendChild(button);
      list.appendChild(item);
    }
    box.appendChild(list);
  }
  return box;
}

function showMessage(text) {
  const box = document.createElement('div');
  box.className = 'nothing';
  box.textContent = text;
  $('results').replaceChildren(box);
}

/** Runs a search; fromUser writes it into the URL first (so it is shareable and back returns to it). */
export async function search(query, fromUser = false) {
  if (fromUser) {
    current = {query: null, body: null};
    $('q').value = query;
    return navigate(urlFor(query));
  }
  const mine = ++searchSeq;
  $('results').setAttribute('aria-busy', 'true');
  let response;
  let body;
  try {
    response = await fetch('api/v1/search?q=' + encodeURIComponent(query) + '&k=10');
    body = await response.json();
  } catch (e) {
    if (mine === searchSeq) {
      showMessage('Search failed: ' + e.message);
      $('results').removeAttribute('aria-busy');
    }
    return;
  }
  if (mine !== searchSeq) {
    return;
  }
  $('results').removeAttribute('aria-busy');
  current = {query, body: response.ok ? body : null};
  $('partial-note').hidden = !(response.ok && body.partial === true);
  if (!response.ok) {
    showMessage(body.detail || ('Search failed: HTTP ' + response.status));
  } else if (!body.found) {
    $('results').replaceChildren(nothingFound(body));
  } else {
    const cards = body.results.map((r) => resultCard(r, query));
    if (body.degraded) {
      const note = document.createElement('p');
      note.className = 'note';
      note.textContent = 'Elasticsearch could not be asked: these are exact keyword matches only.';
      cards.unshift(note);
    }
    $('results').replaceChildren(...cards);
  }
}
