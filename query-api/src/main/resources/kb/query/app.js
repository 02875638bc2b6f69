'use strict';
// The search page. No framework, no build step, nothing from another origin. Every piece of document text is
// escaped before it becomes HTML: the markdown renderer only ever adds its own tags around escaped text.
(() => {
  const $ = (id) => document.getElementById(id);
  const ESCAPES = {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'};
  const escapeHtml = (s) => String(s ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]);
  const numbers = new Intl.NumberFormat('en-US');

  // ---------------------------------------------------------------- markdown

  const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)/;
  const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
  const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
  const QUOTE = /^ {0,3}> ?/;
  const ITEM = /^( *)([-*+]|\d{1,9}[.)])(?:( +)(.*)|)$/;
  const TABLE_RULE = /^ *\|? *:?-+:? *(\| *:?-+:? *)*\|? *$/;
  const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/;
  const HTML_TAG = new RegExp('</?(?:a|abbr|aside|audio|b|big|br|center|cite|code|dd|del|details|div|dl|dt|em|figcaption'
    + '|figure|font|h[1-6]|hr|i|iframe|img|ins|kbd|li|mark|nav|ol|p|path|picture|pre|s|script|section|small|source|span'
    + '|strong|style|sub|summary|sup|svg|table|tbody|td|th|thead|tr|tt|u|ul|video)\\b[^>]*>', 'gi');

  /** The text after a leading YAML frontmatter block (the card shows that metadata). */
  function stripFrontmatter(text) {
    const t = String(text ?? '').replace(/^\uFEFF/, '');
    const m = /^---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/.exec(t);
    return m ? t.slice(m[0].length) : t;
  }

  /**
   * Drops what a reader should never see, outside code fences: HTML comments (across lines) and Hugo shortcode
   * tags ({{% x %}}, {{< x >}}; the text between a pair stays). A line left empty by that disappears.
   */
  function clean(text) {
    const out = [];
    let fence = null;
    let comment = false;
    for (const line of String(text ?? '').replace(/\r\n?/g, '\n').replace(/\u0000/g, '').split('\n')) {
      if (fence) {
        out.push(line);
        const f = FENCE.exec(line);
        if (f && f[1][0] === fence[0] && f[1].length >= fence.length && !f[2]) {
          fence = null;
        }
        continue;
      }
      const f = comment ? null : FENCE.exec(line);
      if (f) {
        fence = f[1];
        out.push(line);
        continue;
      }
      let rest = line;
      let kept = '';
      while (rest.length) {
        if (comment) {
          const end = rest.indexOf('-->');
          rest = end < 0 ? '' : rest.slice(end + 3);
          comment = end < 0;
        } else {
          const start = rest.indexOf('<!--');
          kept += start < 0 ? rest : rest.slice(0, start);
          rest = start < 0 ? '' : rest.slice(start + 4);
          comment = start >= 0;
        }
      }
      kept = obsidian(kept.replace(/\{\{[<%][\s\S]*?[%>]\}\}/g, ''));
      if (kept.trim() || !line.trim()) {
        out.push(kept.trim() ? kept : '');
      }
    }
    return out.join('\n');
  }

  /**
   * Obsidian's markup as a reader sees it, outside inline code (as the chunker shows it): %%comments%% on a line
   * dropped, a callout `> [!note] Title` labelled, block ids `^abc` removed, [[wikilinks]] and embeds shown as
   * their text (the note's links are listed above it, as links).
   */
  function obsidian(line) {
    const callout = /^(\s*>\s*)\[!([A-Za-z][\w-]*)\][+-]?\s*(.*)$/.exec(line);
    let text = callout ? callout[1] + '**' + callout[2][0].toUpperCase() + callout[2].slice(1).toLowerCase() + ':** '
      + callout[3] : line;
    text = text.replace(/\s+\^[A-Za-z0-9-]+\s*$/, '');
    return text.split(/(`+[^`]*`+)/).map((part) => part.startsWith('`') ? part : part
      .replace(/%%.*?%%/g, '')
      .replace(/!?\[\[([^\[\]|\n]*?)(?:\|([^\[\]\n]*?))?\]\]/g, (m, inside, alias) => {
        if (alias && alias.trim()) {
          return alias.trim();
        }
        const [target, ...anchor] = inside.split('#');
        const heading = anchor.join(' > ').trim();
        return heading && !heading.startsWith('^') ? (target.trim() ? target.trim() + ' > ' : '') + heading
          : target.trim();
      })).join('');
  }

  const indentOf = (line) => line.match(/^ */)[0].length;
  const isBlank = (line) => !line.trim();

  /** True when a line starts a block of its own (so it ends a paragraph). */
  function startsBlock(line) {
    const item = ITEM.exec(line);
    return FENCE.test(line) || HEADING.test(line) || RULE.test(line) || QUOTE.test(line)
      || (item && item[4] !== undefined && item[4].trim() !== '' && (/[-*+]/.test(item[2]) || /^1[.)]/.test(item[2])));
  }

  /** Block structure of markdown lines: headings, paragraphs, code, lists, quotes, tables, rules. */
  function parseBlocks(lines) {
    const blocks = [];
    let i = 0;
    while (i < lines.length) {
      const line = lines[i].replace(/\t/g, '    ');
      if (isBlank(line)) {
        i++;
        continue;
      }
      const fence = FENCE.exec(line);
      if (fence) {
        const body = [];
        const strip = indentOf(line);
        for (i++; i < lines.length; i++) {
          const close = FENCE.exec(lines[i]);
          if (close && close[1][0] === fence[1][0] && close[1].length >= fence[1].length && !close[2]) {
            i++;
            break;
          }
          body.push(lines[i].replace(new RegExp('^ {0,' + strip + '}'), ''));
        }
        blocks.push({type: 'code', lang: fence[2], text: body.join('\n')});
        continue;
      }
      const heading = HEADING.exec(line);
      if (heading) {
        blocks.push({type: 'heading', level: heading[1].length, text: (heading[2] || '').trim()});
        i++;
        continue;
      }
      if (RULE.test(line)) {
        blocks.push({type: 'rule'});
        i++;
        continue;
      }
      if (QUOTE.test(line)) {
        const inner = [];
        while (i < lines.length && !isBlank(lines[i]) && (QUOTE.test(lines[i]) || !startsBlock(lines[i]))) {
          inner.push(lines[i].replace(QUOTE, ''));
          i++;
        }
        blocks.push({type: 'quote', blocks: parseBlocks(inner)});
        continue;
      }
      if (ITEM.test(line)) {
        i = parseList(lines, i, blocks);
        continue;
      }
      if (line.includes('|') && i + 1 < lines.length && lines[i + 1].includes('-') && TABLE_RULE.test(lines[i + 1])) {
        i = parseTable(lines, i, blocks);
        continue;
      }
      if (indentOf(line) >= 4) {
        const body = [];
        while (i < lines.length && (isBlank(lines[i]) || indentOf(lines[i].replace(/\t/g, '    ')) >= 4)) {
          body.push(lines[i].replace(/\t/g, '    ').slice(4));
          i++;
        }
        while (body.length && isBlank(body[body.length - 1])) {
          body.pop();
        }
        blocks.push({type: 'code', lang: '', text: body.join('\n')});
        continue;
      }
      const para = [line];
      for (i++; i < lines.length && !isBlank(lines[i]) && !startsBlock(lines[i]) && !SETEXT.test(lines[i]); i++) {
        para.push(lines[i]);
      }
      const underline = i < lines.length ? SETEXT.exec(lines[i]) : null;
      if (underline) {
        blocks.push({type: 'heading', level: underline[1][0] === '=' ? 1 : 2, text: para.join(' ').trim()});
        i++;
      } else {
        blocks.push({type: 'paragraph', text: para.join('\n')});
      }
    }
    return blocks;
  }

  /** A list from line i: each item's lines (de-indented) parsed again, so lists nest and items hold code. */
  function parseList(lines, i, blocks) {
    const first = ITEM.exec(lines[i]);
    const base = first[1].length;
    const ordered = /\d/.test(first[2]);
    const items = [];
    let current = null;
    let offset = 0;
    let previousBlank = false;
    for (; i < lines.length; i++) {
      const line = lines[i].replace(/\t/g, '    ');
      const item = ITEM.exec(line);
      if (isBlank(line)) {
        if (current) {
          current.push('');
        }
        previousBlank = true;
        continue;
      }
      const indent = indentOf(line);
      if (item && indent <= base + 1 && /\d/.test(item[2]) === ordered && !RULE.test(line)) {
        current = [item[4] || ''];
        items.push(current);
        offset = item[1].length + item[2].length + Math.min((item[3] || ' ').length, 4);
      } else if (indent > base) {
        current.push(line.slice(Math.min(indent, offset)));
      } else if (!previousBlank && !startsBlock(line)) {
        current.push(line.trim());
      } else {
        break;
      }
      previousBlank = false;
    }
    blocks.push({type: 'list', ordered, start: ordered ? parseInt(first[2], 10) : 1,
      items: items.map((itemLines) => parseBlocks(itemLines))});
    return i;
  }

  function parseTable(lines, i, blocks) {
    const cells = (line) => line.trim().replace(/^\|/, '').replace(/\|$/, '').split(/(?<!\\)\|/).map((c) => c.trim());
    const head = cells(lines[i]);
    const align = cells(lines[i + 1]).map((c) => c.endsWith(':') ? (c.startsWith(':') ? 'center' : 'right') : '');
    const rows = [];
    for (i += 2; i < lines.length && !isBlank(lines[i]) && lines[i].includes('|'); i++) {
      rows.push(cells(lines[i]));
    }
    blocks.push({type: 'table', head, align, rows});
    return i;
  }

  /** Inline markdown to HTML: code spans, links, emphasis; known HTML tags dropped, the rest escaped. */
  function inline(source, options) {
    const slots = [];
    const keep = (html) => '\u0000' + (slots.push(html) - 1) + '\u0000';
    let s = String(source ?? '').replace(/\u0000/g, '');
    s = s.replace(/(`+)(?!`)([\s\S]*?[^`])\1(?!`)/g, (m, ticks, code) => keep('<code>' + escapeHtml(code.trim()) + '</code>'));
    s = s.replace(/<((?:https?:\/\/|mailto:)[^\s<>]+)>/gi, (m, url) => keep(link(url, escapeHtml(url), options)));
    s = s.replace(HTML_TAG, (tag) => /^<br/i.test(tag) ? '\n' : '');
    s = s.replace(/!\[([^\]]*)\]\(([^()\s]*(?:\([^()\s]*\)[^()\s]*)*)(?:\s+"[^"]*")?\)/g,
      (m, alt) => keep('<span class="image">[image' + (alt ? ': ' + escapeHtml(alt) : '') + ']</span>'));
    s = s.replace(/\[([^\]]+)\]\(([^()\s]*(?:\([^()\s]*\)[^()\s]*)*)(?:\s+"[^"]*")?\)/g,
      (m, text, url) => keep(link(url, emphasis(escapeHtml(text)), options)));
    s = s.replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1');
    s = s.replace(/\bhttps?:\/\/[^\s<>()"']*[^\s<>()"'.,;:!?]/g, (url) => keep(link(url, escapeHtml(url), options)));
    s = emphasis(escapeHtml(s)).replace(/(?: {2,}|\\)\n/g, '<br>');
    const resolve = (html) => html.replace(/\u0000(\d+)\u0000/g, (m, n) => resolve(slots[Number(n)]));
    return resolve(s);
  }

  /** Emphasis on already escaped text: the tags added are the only markup. */
  function emphasis(html) {
    return html
      .replace(/\*\*(?=\S)([\s\S]*?\S)\*\*/g, '<strong>$1</strong>')
      .replace(/(^|[^\w])__(?=\S)([\s\S]*?\S)__(?!\w)/g, '$1<strong>$2</strong>')
      .replace(/~~(?=\S)([\s\S]*?\S)~~/g, '<del>$1</del>')
      .replace(/(^|[^\w*])\*(?=[^\s*])([^*]*?[^\s*])\*(?![\w*])/g, '$1<em>$2</em>')
      .replace(/(^|[^\w])_(?=[^\s_])([^_]*?[^\s_])_(?!\w)/g, '$1<em>$2</em>');
  }

  /** Web and mail links open in a new tab; anything else (relative paths, javascript:) stays text. */
  function link(url, html, options) {
    const target = String(url).trim();
    if (options.links && /^(?:https?:\/\/|mailto:)/i.test(target)) {
      return '<a href="' + escapeHtml(target) + '" target="_blank" rel="noopener noreferrer">' + html + '</a>';
    }
    return '<span class="link" title="' + escapeHtml(target) + '">' + html + '</span>';
  }

  function renderBlock(block, options) {
    switch (block.type) {
      case 'heading': {
        const level = Math.min(6, block.level + (options.headingShift || 0));
        return '<h' + level + '>' + inline(block.text, options) + '</h' + level + '>';
      }
      case 'paragraph':
        return '<p>' + inline(block.text, options) + '</p>';
      case 'code':
        return '<pre><code' + (block.lang ? ' data-lang="' + escapeHtml(block.lang) + '"' : '') + '>'
          + escapeHtml(block.text) + '</code></pre>';
      case 'rule':
        return '<hr>';
      case 'quote':
        return '<blockquote>' + block.blocks.map((b) => renderBlock(b, options)).join('') + '</blockquote>';
      case 'list': {
        const tag = block.ordered ? 'ol' : 'ul';
        const start = block.ordered && block.start !== 1 ? ' start="' + block.start + '"' : '';
        return '<' + tag + start + '>' + block.items.map((item) => '<li>' + renderItem(item, options) + '</li>').join('')
          + '</' + tag + '>';
      }
      case 'table': {
        const cell = (tag, text, i) => '<' + tag + (block.align[i] ? ' class="align-' + block.align[i] + '"' : '') + '>'
          + inline(text, options) + '</' + tag + '>';
        return '<table><thead><tr>' + block.head.map((c, i) => cell('th', c, i)).join('') + '</tr></thead><tbody>'
          + block.rows.map((row) => '<tr>' + block.head.map((h, i) => cell('td', row[i] ?? '', i)).join('') + '</tr>')
            .join('') + '</tbody></table>';
      }
      default:
        return '';
    }
  }

  /** A tight item (one paragraph, maybe a nested list) without the paragraph tag; a task box as a glyph. */
  function renderItem(blocks, options) {
    return blocks.map((b, i) => {
      if (b.type === 'paragraph' && i === 0) {
        const task = /^\[([ xX])\]\s+/.exec(b.text);
        const text = task ? b.text.slice(task[0].length) : b.text;
        const box = task ? (task[1] === ' ' ? '☐ ' : '☑ ') : '';
        return box + (blocks.length > 1 && blocks[1].type === 'paragraph' ? '<p>' + inline(text, options) + '</p>'
          : inline(text, options));
      }
      return renderBlock(b, options);
    }).join('');
  }

  /** Markdown to safe HTML; options.links=false keeps links as text (inside a result that is itself a link). */
  function renderMarkdown(text, options = {}) {
    const opts = {links: true, ...options};
    return parseBlocks(clean(text).split('\n')).map((b) => renderBlock(b, opts)).join('');
  }

  // ---------------------------------------------------------------- highlighting

  const words = (query) => [...new Set(String(query ?? '').toLowerCase().split(/[^\p{L}\p{N}_]+/u)
    .filter((w) => w.length > 2))];
  const tokens = (text) => new Set(String(text ?? '').toLowerCase().match(/[\p{L}\p{N}_]{2,}/gu) || []);

  /** Wraps the query's words in <mark> inside the element's text nodes (never inside tags or attributes). */
  function markTerms(element, query) {
    const terms = words(query).sort((a, b) => b.length - a.length);
    if (!terms.length) {
      return;
    }
    const pattern = new RegExp('(' + terms.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|') + ')', 'giu');
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const nodes = [];
    while (walker.nextNode()) {
      if (!walker.currentNode.parentElement.closest('mark')) {
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

  /** Heading paths as the markdown chunker writes them: "A > B", a first # heading equal to the title left out. */
  function renderSections(markdown, title) {
    const blocks = parseBlocks(clean(markdown).split('\n'));
    const sections = [];
    const path = [];
    let current = {header: null, blocks: []};
    sections.push(current);
    const repeatsTitle = (h) => h.level === 1 && title && h.text.toLowerCase() === String(title).trim().toLowerCase();
    blocks.forEach((block, index) => {
      if (block.type === 'heading') {
        while (path.length && path[path.length - 1].level >= block.level) {
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
      element.innerHTML = section.blocks.map((b) => renderBlock(b, {links: true})).join('');
      body.appendChild(element);
      rendered.push({header: section.header, element});
    }
    return {body, sections: rendered};
  }

  const overlap = (inner, outer) => {
    let held = 0;
    inner.forEach((t) => { held += outer.has(t) ? 1 : 0; });
    return inner.size ? held / inner.size : 0;
  };

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

  // ---------------------------------------------------------------- search results

  let current = {query: null, body: null};
  let searchSeq = 0;
  let routeSeq = 0;

  function urlFor(q, doc, chunk) {
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
    return s ? '/?' + s : '/';
  }

  function navigate(url, state = null) {
    if (url === location.pathname + location.search) {
      history.replaceState(state, '', url);
    } else {
      history.pushState(state, '', url);
    }
    return route();
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

  function located(item) {
    return (collectionCount > 1 && item.collection ? item.collection + ': ' : '') + item.path;
  }

  /** How a chunk is cited: path:42-57 for lines, path, page 3 (slide, cell; Sheet1 rows 2-40) otherwise. */
  function citation(path, location) {
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
      if (e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey) {
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
  async function search(query, fromUser = false) {
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
      response = await fetch('/api/v1/search?q=' + encodeURIComponent(query) + '&k=10');
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

  // ---------------------------------------------------------------- document view

  async function openDocument(docId, query, chunkIndex, mine) {
    const view = $('document');
    $('results').hidden = true;
    view.hidden = false;
    $('doc-title').textContent = 'Loading…';
    $('doc-path').textContent = '';
    $('doc-meta').textContent = '';
    $('doc-links').hidden = true;
    $('doc-location').hidden = true;
    $('doc-body').replaceChildren();
    const raw = '/api/v1/documents/' + encodeURIComponent(docId) + '/raw';
    $('doc-raw').href = raw;
    let response;
    let doc;
    try {
      response = await fetch('/api/v1/documents/' + encodeURIComponent(docId));
      doc = await response.json();
    } catch (e) {
      response = null;
      doc = {detail: e.message};
    }
    if (mine !== routeSeq) {
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
    const result = current.query === query && current.body ? (current.body.results || []).find((r) => r.docId === docId)
      : null;
    const chunk = result && result.chunks ? result.chunks[chunkIndex] || result.chunks[0] : null;
    showLocation(doc, chunk, raw);
    const content = String(doc.content ?? '');
    let hit;
    if (/^(md|markdown|mdx)$/i.test(doc.format || '') || /\.(md|markdown|mdx)$/i.test(doc.path || '')) {
      const {body, sections} = renderSections(stripFrontmatter(content), doc.title);
      $('doc-body').replaceChildren(...body.childNodes);
      hit = markChunk(sections, chunk);
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
      if (e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey) {
        e.preventDefault();
        navigate(a.getAttribute('href'));
      }
    }));
  }

  function closeDocumentView() {
    $('document').hidden = true;
    $('results').hidden = false;
  }

  function closeDocument() {
    if (history.state && history.state.fromResults) {
      history.back();
    } else {
      navigate(urlFor(new URLSearchParams(location.search).get('q')));
    }
  }

  // ---------------------------------------------------------------- routing

  /** The URL is the state: ?q= runs a search, &doc= opens a document (&chunk= picks the result's chunk). */
  async function route() {
    const mine = ++routeSeq;
    const params = new URLSearchParams(location.search);
    const q = (params.get('q') || '').trim();
    const doc = params.get('doc');
    const chunk = parseInt(params.get('chunk') || '0', 10);
    $('q').value = q;
    document.title = q ? q + ' – kb-pipeline' : 'kb-pipeline';
    if (!q) {
      current = {query: null, body: null};
      $('results').replaceChildren();
      $('partial-note').hidden = true;
    } else if (current.query !== q) {
      await search(q);
    }
    if (mine !== routeSeq) {
      return;
    }
    if (doc) {
      await openDocument(doc, q, Number.isInteger(chunk) && chunk >= 0 ? chunk : 0, mine);
    } else {
      closeDocumentView();
    }
  }

  // ---------------------------------------------------------------- pipeline strip

  function duration(ms) {
    return !Number.isFinite(ms) || ms <= 0 ? '–' : ms < 1000 ? Math.round(ms) + ' ms' : (ms / 1000).toFixed(1) + ' s';
  }

  function eta(seconds) {
    if (!Number.isFinite(seconds) || seconds < 0) {
      return '';
    }
    if (seconds < 60) {
      return 'ETA ' + Math.max(1, Math.round(seconds)) + ' s';
    }
    if (seconds < 3600) {
      return 'ETA ' + Math.ceil(seconds / 60) + ' min';
    }
    return 'ETA ' + Math.floor(seconds / 3600) + ' h ' + Math.ceil((seconds % 3600) / 60) + ' min';
  }

  /** The indexing block of /api/v1/status in words; null when there is none (an older API). */
  function indexingText(block) {
    if (!block || typeof block !== 'object') {
      return null;
    }
    if (block.state === 'done') {
      return 'indexed';
    }
    const n = (v) => Number.isFinite(v) ? numbers.format(v) : '?';
    const parts = ['indexing ' + n(block.documentsDone) + ' of ' + n(block.documentsTotal) + ' documents'];
    if (Number.isFinite(block.chunksTotal)) {
      parts.push(n(block.chunksDone) + ' of ' + n(block.chunksTotal) + ' chunks embedded');
    }
    if (Number.isFinite(block.chunksPerSecond) && block.chunksPerSecond > 0) {
      const rate = block.chunksPerSecond;
      parts.push((rate >= 10 ? numbers.format(Math.round(rate)) : rate.toFixed(1)) + ' chunks/s');
    }
    if (Number.isFinite(block.chunksAwaitingVectors) && block.chunksAwaitingVectors > 0) {
      parts.push(n(block.chunksAwaitingVectors) + ' awaiting vectors');
    }
    const left = eta(block.etaSeconds);
    if (left) {
      parts.push(left);
    }
    return parts.join(' · ');
  }

  function indexingProgress(block) {
    const ratio = (done, total) => Number.isFinite(done) && Number.isFinite(total) && total > 0
      ? Math.min(1, done / total) : null;
    return block.state === 'done' ? 1 : ratio(block.chunksDone, block.chunksTotal)
      ?? ratio(block.documentsDone, block.documentsTotal) ?? 0;
  }

  function renderIndexing(block) {
    const text = indexingText(block);
    $('indexing').hidden = text === null;
    if (text !== null) {
      $('indexing-text').textContent = text;
      $('indexing-bar').value = indexingProgress(block);
      $('indexing-bar').hidden = block.state === 'done';
    }
  }

  async function refreshStatus() {
    try {
      const s = await (await fetch('/api/v1/status')).json();
      const collections = s.collections || [];
      collectionCount = collections.length;
      $('documents').textContent = numbers.format(s.documents) + ' documents, ' + numbers.format(s.chunks) + ' chunks'
        + (collections.length > 1 ? ' in ' + collections.length + ' collections' : '');
      $('documents').title = collections.map((c) => c.name + ': ' + numbers.format(c.documents) + ' documents').join('\n');
      $('lag').textContent = 'lag: chunker ' + s.lag.chunker + ', sink ' + s.lag.sink;
      const f = s.freshness && s.freshness.upsert;
      // A percentile of 0 is the timer's window emptied out, not a measurement: show a dash, never "0 ms".
      $('freshness').textContent = f ? 'freshness p50 ' + duration(f.p50Ms) + ', p99 ' + duration(f.p99Ms)
        : 'freshness: no edits yet';
      $('freshness').title = 'time from a file change to its chunks being searchable';
      $('dlq').textContent = 'dead letters: ' + s.deadLetters;
      // A full disk pauses indexing (answers still come): say so until space is freed.
      $('disk').hidden = !s.disk || s.disk === 'ok';
      $('disk').textContent = $('disk').hidden ? '' : s.disk;
      renderIndexing(s.indexing);
    } catch (e) {
      $('documents').textContent = 'status unavailable';
    }
  }

  // ---------------------------------------------------------------- wiring

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
    navigate('/');
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && !$('document').hidden) {
      e.preventDefault();
      closeDocument();
    }
  });
  window.addEventListener('popstate', () => route());
  // For the browser test: the pure parts, callable without a server in a particular state.
  window.kbPage = Object.freeze({renderMarkdown, indexingText});
  route();
  refreshStatus();
  setInterval(refreshStatus, 5000);
})();
