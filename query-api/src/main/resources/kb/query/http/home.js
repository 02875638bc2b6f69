// The home view, before any question: what is in the knowledge base (collections, the most used tags, the documents
// changed last), each a way in: a collection or a tag lists its documents, a document opens.
import {$, escapeHtml, numbers, plainClick} from './dom.js';
import {navigate, urlFor} from './navigation.js';

const LISTED = 50;
/** A document's collection is named only when there are several, as in the results. */
let severalCollections = false;

/** "3 min ago", "2 h ago", "4 days ago", or the date for anything older than a month. */
export function ago(millis, now = Date.now()) {
  if (!Number.isFinite(millis) || millis <= 0) {
    return '';
  }
  const seconds = Math.max(0, Math.round((now - millis) / 1000));
  if (seconds < 60) {
    return 'just now';
  }
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) {
    return minutes + ' min ago';
  }
  const hours = Math.round(minutes / 60);
  if (hours < 48) {
    return hours + ' h ago';
  }
  const days = Math.round(hours / 24);
  return days <= 31 ? days + ' days ago' : new Date(millis).toISOString().slice(0, 10);
}

function chip(text, count, onClick) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'chip';
  button.innerHTML = escapeHtml(text) + ' <span class="count">' + numbers.format(count) + '</span>';
  button.addEventListener('click', onClick);
  return button;
}

function documentItem(doc) {
  const item = document.createElement('li');
  const href = urlFor('', doc.docId);
  item.innerHTML = '<a class="result-link" href="' + escapeHtml(href) + '">' + escapeHtml(doc.title || doc.path)
    + '</a> <span class="path">' + escapeHtml((severalCollections && doc.collection ? doc.collection + ': ' : '') + doc.path) + '</span>'
    + (doc.updatedAt ? ' <span class="when" title="' + escapeHtml(new Date(doc.updatedAt).toISOString()) + '">'
      + escapeHtml(ago(doc.updatedAt)) + '</span>' : '');
  item.querySelector('a').addEventListener('click', (e) => {
    if (plainClick(e)) {
      e.preventDefault();
      navigate(href, {fromResults: true});
    }
  });
  return item;
}

function group(title, id, children) {
  const box = document.createElement('div');
  box.className = 'home-group';
  const heading = document.createElement('h3');
  heading.textContent = title;
  heading.id = id + '-title';
  const body = document.createElement(id === 'home-list' ? 'ul' : 'div');
  body.id = id;
  body.className = id === 'home-list' ? 'doc-list' : 'chips';
  body.append(...children);
  box.append(heading, body);
  return box;
}

/** Replaces the list under the chips: a collection's or a tag's documents, or the recent ones again. */
async function showList(title, filter, recent) {
  let documents = recent;
  if (filter) {
    const page = await (await fetch('api/v1/documents?size=' + LISTED + '&' + filter)).json();
    documents = page.documents || [];
    title += ' · ' + numbers.format(page.total ?? documents.length) + ' documents';
  }
  $('home-list-title').textContent = title;
  $('home-list').replaceChildren(...documents.map(documentItem));
  $('home-back').hidden = !filter;
}

/** Builds the home view from /api/v1/overview; still wanted() says whether the page is still at home. */
export async function renderHome(stillWanted) {
  let overview;
  try {
    const response = await fetch('api/v1/overview');
    overview = await response.json();
    if (!response.ok) {
      throw new Error(overview.detail || 'HTTP ' + response.status);
    }
  } catch (e) {
    overview = null;
  }
  if (!stillWanted()) {
    return;
  }
  const home = document.createElement('section');
  home.id = 'home';
  if (!overview) {
    home.textContent = 'What is in the knowledge base cannot be shown now (is Elasticsearch up?). Search still works.';
    $('results').replaceChildren(home);
    return;
  }
  const recent = overview.recent || [];
  const collections = overview.collections || [];
  severalCollections = collections.length > 1;
  const summary = document.createElement('p');
  summary.id = 'home-summary';
  summary.textContent = overview.documents === 0
    ? 'The knowledge base is empty: add files to a watched folder and they appear here within seconds.'
    : numbers.format(overview.documents) + ' documents'
      + (collections.length > 1 ? ' in ' + collections.length + ' collections' : '') + '.';
  const back = document.createElement('button');
  back.type = 'button';
  back.id = 'home-back';
  back.className = 'link-button';
  back.textContent = '← recently changed';
  back.hidden = true;
  back.addEventListener('click', () => showList('Recently changed', null, recent));
  home.append(summary);
  if (collections.length) {
    home.append(group('Collections', 'home-collections', collections.map((c) => chip(c.name, c.documents,
      () => showList('Collection ' + c.name, 'collection=' + encodeURIComponent(c.name), recent)))));
  }
  if ((overview.tags || []).length) {
    home.append(group('Tags', 'home-tags', overview.tags.map((t) => chip('#' + t.tag, t.documents,
      () => showList('Tagged #' + t.tag, 'tag=' + encodeURIComponent(t.tag), recent)))));
  }
  const list = group('Recently changed', 'home-list', recent.map(documentItem));
  list.prepend(back);
  home.append(list);
  $('results').replaceChildren(home);
}
