// Markdown as a reader sees it. Marked (a maintained CommonMark and GFM parser, served from its WebJar) turns the
// text into blocks and HTML; DOMPurify keeps only the tags and attributes this renderer writes, so text from a
// document can never run. Before parsing, what is not markdown is taken out: frontmatter, HTML comments, Hugo
// shortcodes and Obsidian's own markup.
import {Marked} from './vendor/marked.js';
import DOMPurify from './vendor/purify.js';
import {escapeHtml} from './dom.js';

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)/;
const HTML_TAG = new RegExp('</?(?:a|abbr|aside|audio|b|big|br|center|cite|code|dd|del|details|div|dl|dt|em|figcaption'
  + '|figure|font|h[1-6]|hr|i|iframe|img|ins|kbd|li|mark|nav|ol|p|path|picture|pre|s|script|section|small|source|span'
  + '|strong|style|sub|summary|sup|svg|table|tbody|td|th|thead|tr|tt|u|ul|video)\\b[^>]*>', 'gi');

/** The text after a leading YAML frontmatter block (the card shows that metadata). */
export function stripFrontmatter(text) {
  const t = String(text ?? '').replace(/^\uFEFF/, '');
  const m = /^---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/.exec(t);
  return m ? t.slice(m[0].length) : t;
}

/**
 * Drops what a reader should never see, outside code fences: HTML comments (across lines) and Hugo shortcode
 * tags ({{% x %}}, {{< x >}}; the text between a pair stays). A line left empty by that disappears.
 */
export function clean(text) {
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

const PAGE_TAGS = ['a', 'blockquote', 'br', 'code', 'del', 'em', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'li', 'ol',
  'p', 'pre', 'span', 'strong', 'table', 'tbody', 'td', 'th', 'thead', 'tr', 'ul'];
const PAGE_ATTRIBUTES = ['href', 'title', 'class', 'data-lang', 'start'];
const WEB_LINK = /^(?:https?:\/\/|mailto:)/i;

/** Web and mail links stay links (the sanitiser opens them in a new tab); anything else (relative paths, javascript:) stays text. */
function link(href, html, options) {
  const target = String(href ?? '').trim();
  if (options.links && WEB_LINK.test(target)) {
    return '<a href="' + escapeHtml(target) + '">' + html + '</a>';
  }
  return '<span class="link" title="' + escapeHtml(target) + '">' + html + '</span>';
}

/** Marked with this page's choices: raw HTML tags dropped (their text kept), images named, headings shifted. */
function parserFor(options) {
  return new Marked({
    gfm: true,
    renderer: {
      heading({tokens, depth}) {
        const level = Math.min(6, depth + (options.headingShift || 0));
        return '<h' + level + '>' + this.parser.parseInline(tokens) + '</h' + level + '>';
      },
      code({text, lang}) {
        const language = String(lang ?? '').split(/\s/)[0];
        return '<pre><code' + (language ? ' data-lang="' + escapeHtml(language) + '"' : '') + '>'
          + escapeHtml(String(text ?? '').replace(/\n$/, '')) + '</code></pre>';
      },
      html({text}) {
        return escapeHtml(String(text ?? '').replace(HTML_TAG, ''));
      },
      link({href, tokens}) {
        return link(href, this.parser.parseInline(tokens), options);
      },
      image({text}) {
        return '<span class="image">[image' + (text ? ': ' + escapeHtml(text) : '') + ']</span>';
      },
      checkbox({checked}) {
        return checked ? '☑ ' : '☐ ';
      },
    },
  });
}

const parsers = new Map();

function parser(options) {
  const opts = {links: true, headingShift: 0, ...options};
  const key = opts.links + '/' + opts.headingShift;
  if (!parsers.has(key)) {
    parsers.set(key, parserFor(opts));
  }
  return parsers.get(key);
}

// The sanitiser drops target and rel as it drops every attribute it is not told to keep; a link kept is a web or
// mail link (the URI rule), and it opens in a new tab without handing this page to the other one.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

const sanitize = (html) => DOMPurify.sanitize(html, {ALLOWED_TAGS: PAGE_TAGS, ALLOWED_ATTR: PAGE_ATTRIBUTES,
  ALLOWED_URI_REGEXP: WEB_LINK});

/** The blocks of a markdown text (headings carry depth and their inline text), what is not markdown removed. */
export function blocks(markdown) {
  return parser({}).lexer(clean(markdown)).filter((token) => token.type !== 'space');
}

/** Blocks to safe HTML; options.links=false keeps links as text (inside a result that is itself a link). */
export function renderBlocks(tokens, options = {}) {
  return sanitize(parser(options).parser(tokens));
}

/** Markdown to safe HTML. */
export function renderMarkdown(text, options = {}) {
  return renderBlocks(blocks(text), options);
}
