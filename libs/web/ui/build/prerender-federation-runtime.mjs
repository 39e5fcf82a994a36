// Stands in for @module-federation/enhanced/runtime in a host's prerender bundle: remotes are fetched
// in the browser, and a page rendered at build time holds only what the slot shows while one loads.
const clientOnly = () => Promise.reject(new Error('Remotes load in the browser, not while a page is rendered at build time'));
export const loadRemote = clientOnly;
export const preloadRemote = clientOnly;
