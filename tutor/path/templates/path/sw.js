// Tenbo's service worker (tutor/path/pwa.py): Workbox precaches the static files by their
// hashed URLs and the offline page; pages are never cached, only answered from the network,
// with the offline page when the network fails.
/* global workbox */
importScripts(...{{ modules|safe }});

workbox.core.setCacheNameDetails({ prefix: "tenbo" });
self.skipWaiting();
workbox.core.clientsClaim();
workbox.precaching.cleanupOutdatedCaches();
workbox.precaching.precacheAndRoute({{ precache|safe }});

const OFFLINE = { en: {{ offline_en|safe }}, ja: {{ offline_ja|safe }} };

// Every page from the network, never from a cache.
workbox.routing.registerRoute(new workbox.routing.NavigationRoute(new workbox.strategies.NetworkOnly()));

// The network failed: a page gets the offline page in its language; anything else fails.
workbox.routing.setCatchHandler(async ({ request }) => {
  if (request.destination !== "document") return Response.error();
  const path = new URL(request.url).pathname;
  const page = path === "/ja" || path.startsWith("/ja/") ? OFFLINE.ja : OFFLINE.en;
  return (await workbox.precaching.matchPrecache(page)) || Response.error();
});
