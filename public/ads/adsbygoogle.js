/* Bait for ad blockers: the console fetches this file; a blocker refuses it, and the console says so. */
window.__mastheadAdsProbe = true;
