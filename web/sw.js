// The service worker: serves the whole build from one precache so that a second visit works offline.
// scripts/precache.mjs bundles this file to dist/sw.js and puts the list of every file in dist/ (with a
// content hash each) where self.__WB_MANIFEST stands; any changed file therefore changes sw.js, which
// is how the browser notices a new deployment.
//
// Update policy: a new worker installs next to the old one (the old one keeps serving the old, complete
// set of files, each cached under its own revision) and then WAITS. It takes over only when the page
// asks (web/src/offline.js posts SKIP_WAITING after the user clicks "Reload to update"), so an open
// page never gets a new module under an old page.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';

// Entries from an older Workbox cache format are deleted on activate.
cleanupOutdatedCaches();
// Every file of the build, relative to this worker (so any host and sub-path works). Navigations to
// the folder (".../") get index.html. Old revisions are removed when this worker activates. A link's
// parameters (?preset=…&network.batch_size=64) are the page's to read: every one is ignored when
// matching a request to its cached file, so a link opens offline.
precacheAndRoute(self.__WB_MANIFEST, { ignoreURLParametersMatching: [/.*/] });

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

// On the very first install there is no older version to mix with, so the open page is taken over at
// once (it was loaded from the network, the same files this worker just cached). After an update,
// activation only happens through SKIP_WAITING, and the page then reloads.
clientsClaim();
