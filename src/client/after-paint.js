/*
 * The page's only script before its first paint: a classic script (see afterFirstPaint in
 * vite.config.ts). The server-rendered HTML paints with no JavaScript; this starts the app's module
 * scripts (the entry, its chunks, the chunks of the lazy parts the page rendered) once the first
 * frame has painted, so they never compete with the HTML for the phone's network or CPU before the
 * largest paint. Lighthouse's simulated run counts every script fetched before that paint as
 * blocking it (docs/decisions/0020-lighthouse-bench.md). Plain ES2015, no imports: it is not bundled.
 */
(() => {
  const script = document.currentScript;
  const entry = script?.getAttribute("data-entry");
  if (!entry) return;
  const own = (script.getAttribute("data-preload") ?? "").split(" ").filter(Boolean);
  let parts = [];
  try {
    // The chunks of the lazy parts the server rendered (src/server/http/html-shell.ts).
    parts = JSON.parse(document.getElementById("part-preloads")?.textContent ?? "[]");
  } catch {
    parts = [];
  }
  const hrefs = [...own, ...parts].filter((href) => typeof href === "string");
  // A few preloads per task: each appended link starts a request on the main thread, about 4 ms a
  // link at 4x CPU slowdown in a profile, and a fund page lists some 60 chunks; in one task that was
  // a long task of its own, counted in the page's total blocking time.
  const PER_TASK = 8;
  const preload = (from) => {
    for (const href of hrefs.slice(from, from + PER_TASK)) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = href;
      document.head.appendChild(link);
    }
    if (from + PER_TASK < hrefs.length) setTimeout(() => preload(from + PER_TASK), 0);
  };
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    // The entry's own chunks come first in the list, so its imports are on their way with it.
    preload(0);
    const module = document.createElement("script");
    module.type = "module";
    module.crossOrigin = "";
    module.src = entry;
    document.head.appendChild(module);
  };
  // A frame callback runs just before that frame paints; a task queued from it runs after the paint.
  requestAnimationFrame(() => setTimeout(start, 0));
  // A tab in the background paints no frames: start anyway, once it is given time.
  setTimeout(start, 1000);
})();
