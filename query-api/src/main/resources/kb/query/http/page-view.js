// The page view: a PDF's cited page as printed (rendered by the API), the passage's lines marked over it from the
// line boxes kept at extraction. A passage is found on the page as its letters and digits only, as the API checks
// it ("verified"): lines joined, words dehyphenated and ligatures folded do not hide it.

/** Letters and digits only, NFKC, lower case: how the API compares a quote with its page (PageQuotes). */
export function normal(text) {
  return String(text || '').normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** A passage's start shorter than this is not looked for alone: it could be anywhere on the page. */
const MIN_START = 40;

/** Where the quote is in the page's text: all of it, else its longest start of at least MIN_START characters. */
function locate(normalPage, wanted) {
  const at = normalPage.indexOf(wanted);
  if (at >= 0 || wanted.length <= MIN_START) {
    return at >= 0 ? {at, length: wanted.length} : null;
  }
  // A passage that runs on to the next page begins on this one; a start found means every shorter one is too.
  let low = MIN_START;
  let high = wanted.length - 1;
  if (normalPage.indexOf(wanted.slice(0, low)) < 0) {
    return null;
  }
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (normalPage.indexOf(wanted.slice(0, mid)) >= 0) {
      low = mid;
    } else {
      high = mid - 1;
    }
  }
  return {at: normalPage.indexOf(wanted.slice(0, low)), length: low};
}

/**
 * The indexes of the lines the quote covers, in part: where all of it is on the page, else where its beginning is
 * (a passage running on to the next page); none when neither is.
 */
export function coveredLines(view, quote) {
  const wanted = normal(quote);
  const found = wanted ? locate(view.normal, wanted) : null;
  if (!found) {
    return [];
  }
  const end = found.at + found.length;
  return view.lines.map((line, index) => (line.start < end && line.end > found.at ? index : -1))
    .filter((i) => i >= 0);
}

function percent(value, whole) {
  return (100 * value / whole).toFixed(3) + '%';
}

/** A box over the image, in percent of the page so that it follows the image's size. */
function markBox(view, line) {
  const mark = document.createElement('div');
  mark.className = 'page-mark';
  const pad = 1.5;
  Object.assign(mark.style, {
    position: 'absolute',
    left: percent(line.x - pad, view.width),
    top: percent(line.y - pad, view.height),
    width: percent(line.width + 2 * pad, view.width),
    height: percent(line.height + 2 * pad, view.height),
    background: 'rgba(255, 213, 0, 0.35)',
    outline: '1px solid rgba(200, 150, 0, 0.9)',
    pointerEvents: 'none',
  });
  return mark;
}

/**
 * The cited page as a figure: its image with the passage's lines marked, and a caption that says whether the passage
 * was found on the page and whether the page was read by OCR. Null when the API has no page to show.
 */
export async function pageFigure(docId, location, quote) {
  const page = location.start;
  const base = 'api/v1/documents/' + encodeURIComponent(docId) + '/pages/' + page;
  let view;
  try {
    const response = await fetch(base);
    if (!response.ok) {
      return null;
    }
    view = await response.json();
  } catch (e) {
    return null;
  }
  const figure = document.createElement('figure');
  figure.className = 'page-view';
  figure.id = 'page-view';
  Object.assign(figure.style, {margin: '0 0 1.5em 0', maxWidth: '100%'});
  const sheet = document.createElement('div');
  sheet.className = 'page-sheet';
  Object.assign(sheet.style, {position: 'relative', display: 'inline-block', maxWidth: '100%',
    border: '1px solid #ccc', boxShadow: '0 1px 4px rgba(0,0,0,.15)'});
  const image = document.createElement('img');
  image.className = 'page-image';
  image.alt = 'Page ' + page + ' as printed';
  Object.assign(image.style, {display: 'block', maxWidth: '100%', height: 'auto'});
  image.src = view.image || base + '/image';
  sheet.appendChild(image);
  const covered = view.layout ? coveredLines(view, quote) : [];
  covered.forEach((index) => sheet.appendChild(markBox(view, view.lines[index])));
  const caption = document.createElement('figcaption');
  caption.className = 'page-caption';
  caption.textContent = 'Page ' + page + ' as printed'
    + (view.ocr ? ' · read by OCR' : '')
    + (!view.layout ? ' · no line positions kept for this version of the file'
      : covered.length ? ' · the passage is on this page (' + covered.length + ' lines marked)'
        : ' · the passage was not found on this page\'s text');
  figure.append(sheet, caption);
  await new Promise((resolve) => {
    image.addEventListener('load', resolve, {once: true});
    image.addEventListener('error', resolve, {once: true});
  });
  return figure;
}
