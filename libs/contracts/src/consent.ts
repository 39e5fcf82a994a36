// The visitor's cookie choices, as the browser keeps them: the design system's consent store reads and
// writes them; the pages rendered at build time read them before they are drawn; the API allows that one
// inline script by its hash (decision 0033).

/** Where the browser keeps the visitor's cookie choices. */
export const CONSENT_STORAGE_KEY = 'afterwards.cookie-consent';

/** On `<html>`: `asked` while this browser has made no choice (the banner shows), `given` once it has. */
export const CONSENT_STATE_ATTRIBUTE = 'data-consent';

/**
 * Runs in the head of a page rendered at build time, before the page is drawn, so the banner in its HTML
 * shows to a first visit only. Blocked storage counts as no choice made, as the consent store treats it.
 */
export const CONSENT_PREPAINT_SCRIPT =
  `try{document.documentElement.setAttribute(${JSON.stringify(CONSENT_STATE_ATTRIBUTE)},localStorage.getItem(${JSON.stringify(CONSENT_STORAGE_KEY)})===null?"asked":"given")}` +
  `catch(e){document.documentElement.setAttribute(${JSON.stringify(CONSENT_STATE_ATTRIBUTE)},"asked")}`;
