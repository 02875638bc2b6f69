// The document view: the whole document, rendered, with the chunk a result showed marked and scrolled to.
import {$, escapeHtml, plainClick} from './dom.js';
import {markTerms, overlap, tokens} from './highlight.js';
import {blocks, renderBlocks, renderMarkdown, stripFrontmatter} from './markdown.js';
import {navigate, urlFor} from './navigation.js';
import {citation, lastSearch} from './results.js';
import {pageFigure} from './page-view.js';

/** Heading paths as the markdown chunker writes them: "A > B", a first # heading equal to the title left out. */
function renderSections(markdown, title) {
  const docBlocks = blocks(markdown);
  const sections = [];
  const path = [];
  let current = {header: null, blocks: []};
  sections.push(current);
  const repeatsTitle = (h) => h.depth === 1 && title && h.text.toLowerCase() === String(title).trim().toLowerCase();
  docBlocks.forEach((block, index) => {
    if (block.type === 'heading') {
      while (path.length && path[path.length - 1].depth >= block.depth) {
        path.pop();
      }
      path.push(block);
      const parts = path.filter((h, i) => h.text && !(i === 0 && repeatsTitle(h))).map((h) => h.text);
      // The view's own heading already shows the title: a first "# Title" is not repeated under it.
      current = {header: parts.length ? parts.join(' > ') : null, blocks: index === 0 && repeatsTitle(block) ? [] : [block]};
      sections.push(current);
    } else {
      current.blocks.push(block);
    }
  });
  const body = document.createElement('div');
  const rendered = [];
  for (const section of sections.filter((s) => s.blocks.length)) {
    const element = document.createElement('section');
    element.className = 'doc-section';
    element.innerHTML = renderBlocks(section.blocks);
    body.appendChild(element);
    rendered.push({header: section.header, element});
  }
  return {body, sections: rendered};
}

/**
 * Marks where the chunk is: the section whose heading path equals the chunk's header (or, failing that, the
 * one holding most of its words), then inside it the blocks (list items one by one) made of the chunk's words.
 */
function markChunk(sections, chunk) {
  if (!chunk || !sections.length) {
    return null;
  }
  const probe = document.createElement('div');
  probe.innerHTML = renderMarkdown(chunk.text, {links: false});
  const chunkWords = tokens(probe.textContent);
  const header = chunk.sectionHeader || null;
  let candidates = sections.filter((s) => s.header === header);
  if (!candidates.length && header) {
    const parts = header.split(', ');
    candidates = sections.filter((s) => s.header && parts.includes(s.header));
  }
  const byHeader = candidates.length > 0;
  const scored = (byHeader ? candidates : sections)
    .map((s) => ({s, score: overlap(chunkWords, tokens(s.element.textContent))}))
    .sort((a, b) => b.score - a.score);
  if (!scored.length || (!byHeader && scored[0].score < 0.5)) {
    return null;
  }
  const section = scored[0].s.element;
  section.classList.add('chunk-section');
  const units = [];
  for (const child of section.children) {
    if (/^H[1-6]$/.test(child.tagName)) {
      continue;
    }
    units.push(...(child.tagName === 'UL' || child.tagName === 'OL' ? child.children : [child]));
  }
  const hits = units.filter((u) => {
    const own = tokens(u.textContent);
    return own.size > 0 && overlap(own, chunkWords) >= 0.8;
  });
  (hits.length ? hits : [section]).forEach((u) => u.classList.add('chunk-hit'));
  return hits.length ? hits[0] : section;
}

/** A file that is not markdown: its text as code, the chunk's text marked where it occurs. */
function renderPlain(content, chunk) {
  const body = document.createElement('div');
  const pre = document.createElement('pre');
  const code = document.createElement('code');
  const at = chunk && chunk.text ? content.indexOf(chunk.text) : -1;
  if (at < 0) {
    code.textContent = content;
  } else {
    const mark = document.createElement('mark');
    mark.className = 'chunk-hit';
    mark.textContent = chunk.text;
    code.append(content.slice(0, at), mark, content.slice(at + chunk.text.length));
  }
  pre.appendChild(code);
  body.appendChild(pre);
  return {body, hit: at < 0 ? null : code.querySelector('mark')};
}

/**
 * A PDF as its pages: the text before the n-th form feed is page n (the chunker ends each page with one), shown under
 * a "Page n" heading, each paragraph as the page has it; the chunk's paragraphs marked on the pages it cites. Text
 * without form feeds (an index made before pages were kept) is shown as paragraphs without page headings.
 */
function renderPages(content, chunk) {
  const body = document.createElement('div');
  const paged = content.includes('\f');
  content.split('\f').forEach((text, index) => {
    const paragraphs = text.split(/\n{2,}/).map((p) => p.trim()).filter(Boolean);
    if (!paragraphs.length) {
      return;
    }
    const page = document.createElement('section');
    page.className = 'doc-page';
    if (paged) {
      page.dataset.page = String(index + 1);
      const heading = document.createElement('h2');
      heading.className = 'page-heading';
      heading.textContent = 'Page ' + (index + 1);
      page.appendChild(heading);
    }
    for (const paragraph of paragraphs) {
      const heading = /^(#{1,6}) ([^\n]*)$/.exec(paragraph);
      const element = document.createElement(heading ? 'h3' : 'p');
      element.textContent = heading ? heading[2] : paragraph;
      page.appendChild(element);
    }
    body.appendChild(page);
  });
  return {body, hit: markPages(body, chunk)};
}

/** The paragraphs made of the chunk's words, on the pages its location cites (anywhere when it cites none). */
function markPages(body, chunk) {
  if (!chunk || !chunk.text) {
    return null;
  }
  const where = chunk.location && chunk.location.unit === 'page' ? chunk.location : null;
  const pages = [...body.querySelectorAll('.doc-page')]
    .filter((p) => !where || !p.dataset.page || (+p.dataset.page >= where.start && +p.dataset.page <= where.end));
  const chunkWords = tokens(chunk.text);
  const hits = pages.flatMap((p) => [...p.querySelectorAll('p, h3')])
    .filter((e) => {
      const own = tokens(e.textContent);
      return own.size > 0 && overlap(own, chunkWords) >= 0.8;
    });
  hits.forEach((e) => e.classList.add('chunk-hit'));
  return hits.length ? hits[0] : (where && pages.length ? pages[0] : null);
}

export async function openDocument(docId, query, chunkIndex, stillWanted) {
  const view = $('document');
  $('results').hidden = true;
  view.hidden = false;
  $('doc-title').textContent = 'Loading…';
  $('doc-path').textContent = '';
  $('doc-meta').textContent = '';
  $('doc-links').hidden = true;
  $('doc-location').hidden = true;
  $('doc-body').replaceChildren();
  const raw = 'api/v1/documents/' + encodeURIComponent(docId) + '/raw';
  $('doc-raw').href = raw;
  let response;
  let doc;
  try {
    response = await fetch('api/v1/documents/' + encodeURIComponent(docId));
    doc = await response.json();
  } catch (e) {
    response = null;
    doc = {detail: e.message};
  }
  if (!stillWanted()) {
    return;
  }
  if (!response || !response.ok) {
    $('doc-title').textContent = 'Document not available';
    $('doc-body').textContent = doc.detail || 'HTTP ' + (response && response.status);
    return;
  }
  document.title = (doc.title || doc.path) + ' – kb-pipeline';
  $('doc-title').textContent = doc.title || doc.path;
  $('doc-path').textContent = doc.path;
  const meta = [doc.collection ? 'collection ' + doc.collection : '', doc.category ? 'category ' + doc.category : '', (doc.keywords || []).length
    ? 'keywords: ' + doc.keywords.join(', ') : '', (doc.tags || []).length ? 'tags: ' + doc.tags.map((t) => '#' + t).join(' ') : '',
    (doc.aliases || []).length ? 'also called: ' + doc.aliases.join(', ') : '',
    doc.updatedAt ? 'updated ' + new Date(doc.updatedAt).toLocaleString() : '']
    .filter(Boolean).join(' · ');
  $('doc-meta').textContent = meta;
  renderLinks(doc, query);
  const last = lastSearch();
  const result = last.query === query && last.body
    ? (last.body.results || []).find((r) => r.docId === docId) : null;
  const chunk = result && result.chunks ? result.chunks[chunkIndex] || result.chunks[0] : null;
  showLocation(doc, chunk, raw);
  const content = String(doc.content ?? '');
  let hit;
  if (/^(md|markdown|mdx)$/i.test(doc.format || '') || /\.(md|markdown|mdx)$/i.test(doc.path || '')) {
    const {body, sections} = renderSections(stripFrontmatter(content), doc.title);
    $('doc-body').replaceChildren(...body.childNodes);
    hit = markChunk(sections, chunk);
  } else if (/^pdf$/i.test(doc.format || '') || /\.pdf$/i.test(doc.path || '')) {
    const {body, hit: mark} = renderPages(content, chunk);
    $('doc-body').replaceChildren(...body.childNodes);
    hit = mark;
    // The cited page as printed, the passage's lines marked, above the text: the citation checked by eye.
    const figure = chunk && chunk.location && chunk.location.unit === 'page'
      ? await pageFigure(docId, chunk.location, chunk.text) : null;
    if (!stillWanted()) {
      return;
    }
    if (figure) {
      $('doc-body').prepend(figure);
      hit = figure.querySelector('.page-mark') || figure;
    }
  } else {
    const {body, hit: mark} = renderPlain(content, chunk);
    $('doc-body').replaceChildren(...body.childNodes);
    hit = mark;
  }
  view.querySelectorAll('.chunk-hit').forEach((element) => markTerms(element, query));
  view.focus({preventScroll: true});
  (hit || view).scrollIntoView({block: hit ? 'center' : 'start'});
}

/** Where the chunk opened is, to cite; a PDF's raw link opens at its page (the browser's viewer reads #page=). */
function showLocation(doc, chunk, raw) {
  const where = chunk && chunk.location;
  if (!where) {
    return;
  }
  $('doc-location').textContent = citation(doc.path, where);
  $('doc-location').hidden = false;
  if (where.unit === 'page') {
    $('doc-raw').href = raw + '#page=' + where.start;
  }
}

/** Outgoing wikilinks (an unresolved one is named, not linked) and the notes that link here. */
function renderLinks(doc, query) {
  const nav = $('doc-links');
  const link = (item) => item.docId
    ? '<a href="' + escapeHtml(urlFor(query, item.docId)) + '">' + escapeHtml(item.title || item.path) + '</a>'
    : '<span class="unresolved" title="no note of that name">' + escapeHtml(item.target) + '</span>';
  const rows = [];
  if ((doc.links || []).length) {
    rows.push('<div>Links to: ' + doc.links.map(link).join(', ') + '</div>');
  }
  if ((doc.backlinks || []).length) {
    rows.push('<div id="doc-backlinks">Linked from: ' + doc.backlinks.map(link).join(', ') + '</div>');
  }
  nav.innerHTML = rows.join('');
  nav.hidden = rows.length === 0;
  nav.querySelectorAll('a').forEach((a) => a.addEventListener('click', (e) => {
    if (plainClick(e)) {
      e.preventDefault();
      navigate(a.getAttribute('href'));
    }
  }));
}

export function closeDocumentView() {
  $('document').hidden = true;
  $('results').hidden = false;
}

export function closeDocument() {
  if (history.state && history.state.fromResults) {
    history.back();
  } else {
    navigate(urlFor(new URLSearchParams(location.search).get('q')));
  }
}
