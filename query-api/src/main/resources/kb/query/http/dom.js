// Small helpers every part of the page uses.

export const $ = (id) => document.getElementById(id);

const ESCAPES = {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'};

/** Text made safe to place inside HTML, attributes included. */
export const escapeHtml = (s) => String(s ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]);

export const numbers = new Intl.NumberFormat('en-US');

/** A plain left click, which the page handles itself (any modifier leaves it to the browser: new tab, window). */
export const plainClick = (e) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
