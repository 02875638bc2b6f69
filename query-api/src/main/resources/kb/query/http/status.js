// The pipeline strip: documents, lag, freshness, dead letters, a full disk and indexing progress, every 5 s.
import {$, numbers} from './dom.js';
import {setCollectionCount} from './results.js';

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
export function indexingText(block) {
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
  // The server tells no rate for the first seconds of a backlog: they say nothing of its pace.
  const left = eta(block.etaSeconds);
  parts.push(left || 'estimating');
  return parts.join(' · ');
}

/** The last freshness measured, held while the timer's window is empty, so the figure never flickers to a dash. */
let heldFreshness = null;

/**
 * The freshness pill's text from /api/v1/status's freshness.upsert: the percentiles when measured; when the timer's
 * window has emptied out (no edit for two minutes: percentiles of 0), the last figure this page saw, as "last".
 */
export function freshnessText(upsert) {
  const measured = upsert && upsert.p50Ms > 0 && upsert.p99Ms > 0;
  if (measured) {
    heldFreshness = 'p50 ' + duration(upsert.p50Ms) + ', p99 ' + duration(upsert.p99Ms);
    return 'freshness ' + heldFreshness;
  }
  if (heldFreshness) {
    return 'freshness (last edits) ' + heldFreshness;
  }
  return upsert && upsert.count > 0 ? 'freshness: no recent edits' : 'freshness: no edits yet';
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

export async function refreshStatus() {
  try {
    const s = await (await fetch('api/v1/status')).json();
    const collections = s.collections || [];
    setCollectionCount(collections.length);
    $('documents').textContent = numbers.format(s.documents) + ' documents, ' + numbers.format(s.chunks) + ' chunks'
      + (collections.length > 1 ? ' in ' + collections.length + ' collections' : '');
    $('documents').title = collections.map((c) => c.name + ': ' + numbers.format(c.documents) + ' documents').join('\n');
    $('lag').textContent = 'lag: chunker ' + s.lag.chunker + ', sink ' + s.lag.sink;
    $('freshness').textContent = freshnessText(s.freshness && s.freshness.upsert);
    $('freshness').title = 'time from a file change to its chunks being searchable (over the last edits)';
    $('dlq').textContent = 'dead letters: ' + s.deadLetters;
    // A full disk pauses indexing (answers still come): say so until space is freed.
    $('disk').hidden = !s.disk || s.disk === 'ok';
    $('disk').textContent = $('disk').hidden ? '' : s.disk;
    renderIndexing(s.indexing);
  } catch (e) {
    $('documents').textContent = 'status unavailable';
  }
}
