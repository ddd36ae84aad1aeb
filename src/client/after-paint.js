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
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of [...own, ...parts]) {
      if (typeof href !== "string") continue;
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = href;
      document.head.appendChild(link);
    }
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
