/*
 * The page's only script before its first paint: a classic script (see afterFirstPaint in
 * vite.config.ts). The server-rendered HTML paints with no JavaScript; this starts the app's module
 * scripts (the entry, its chunks, the chunks of the lazy parts the page rendered) once the first
 * frame has painted, so they never compete with the HTML for the phone's network or CPU before the
 * largest paint. Lighthouse's simulated run counts every script fetched before that paint as
 * blocking it (docs/decisions/0020-lighthouse-bench.md). Plain ES2015, no imports: it is not bundled.
 */
(() => {
  // Early taps (ADR 0066): a control that cannot do its job as plain HTML (a toggle, a menu) carries
  // data-replay. A tap on it before the app has started is held here and replayed once the app
  // marks the page ready (data-app-ready, src/client/app/app.tsx), with the same outcome as a tap
  // on the live page. Forms and links need none of this: they work as HTML.
  const root = document.documentElement;
  // The reader's first input (a tap, a key, a wheel) marks the page, for good: the app never moves a
  // page the reader has started to use (its first-render scroll to the results, a hash's re-aim),
  // since a page that jumps under a finger loses the tap (issue 38, src/client/lib/scroll.ts).
  const inputs = ["pointerdown", "touchstart", "keydown", "wheel"];
  const acted = () => {
    root.setAttribute("data-user-input", "");
    for (const type of inputs) removeEventListener(type, acted, true);
  };
  for (const type of inputs) addEventListener(type, acted, { capture: true, passive: true });
  // The cookie banner is in the server's HTML and hidden until the app runs unless no valid choice
  // is stored (styles.css). The same reading as the app's (parseConsentRecord in
  // src/shared/consent.ts), with the version and the 12 months from the banner itself.
  const banner = document.querySelector("[data-consent-banner]");
  if (banner) {
    let stored = null;
    try {
      stored = JSON.parse(localStorage.getItem("cookie_consent") ?? "null");
    } catch {
      stored = null;
    }
    const savedAt = stored && typeof stored.savedAt === "string" ? Date.parse(stored.savedAt) : Number.NaN;
    const valid =
      stored !== null &&
      typeof stored === "object" &&
      stored.version === Number(banner.getAttribute("data-consent-version")) &&
      stored.preferences !== null &&
      typeof stored.preferences === "object" &&
      stored.preferences.necessary === true &&
      typeof stored.preferences.analytics === "boolean" &&
      typeof stored.preferences.marketing === "boolean" &&
      (stored.savedAt === undefined ||
        (!Number.isNaN(savedAt) && Date.now() - savedAt <= Number(banner.getAttribute("data-consent-max-age"))));
    if (!valid) root.setAttribute("data-consent-needed", "");
  }
  const held = [];
  const hold = (event) => {
    if (root.hasAttribute("data-app-ready")) return;
    const control = event.target instanceof Element ? event.target.closest("[data-replay]") : null;
    if (!control) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(control);
    // A consent choice answers at once: the banner goes, and the app records the choice when it runs.
    if (control.hasAttribute("data-consent-choice")) root.removeAttribute("data-consent-needed");
  };
  document.addEventListener("click", hold, true);
  new MutationObserver((_records, observer) => {
    if (!root.hasAttribute("data-app-ready")) return;
    observer.disconnect();
    document.removeEventListener("click", hold, true);
    for (const control of held.splice(0)) {
      // Hydration keeps the server's elements; one the app replaced is found again by its id.
      const live = control.isConnected ? control : control.id ? document.getElementById(control.id) : null;
      if (live instanceof HTMLElement) live.click();
    }
  }).observe(root, { attributes: true, attributeFilter: ["data-app-ready"] });

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
