// A page drawn at build time starts its script only once it has been drawn (decision 0034): the script is
// fetched from the start (a preload link in the head) but run after the first frame, so a slow phone shows
// the page before it spends its main thread on the application. The API allows this inline script by its
// hash, as it does the consent mark.

/** On the head's `<link rel="preload" as="script">` of the page's entry script. */
export const ENTRY_SCRIPT_ATTRIBUTE = 'data-entry';

/**
 * Adds the entry script two animation frames after the page starts (the first frame drawn, the next one
 * begun), or at once in a tab that is not visible, where animation frames wait for the tab to be shown.
 */
export const ENTRY_AFTER_PAINT_SCRIPT =
  `(function(){var l=document.querySelector("link[${ENTRY_SCRIPT_ATTRIBUTE}]");if(!l)return;` +
  `function run(){var s=document.createElement("script");s.src=l.href;document.head.appendChild(s)}` +
  `if(document.visibilityState!=="visible")run();else requestAnimationFrame(function(){requestAnimationFrame(run)})})()`;
