/**
 * In-page instruments for the playground stream bench, as plain JavaScript text (tsx compiles
 * functions with esbuild's keepNames, whose `__name` helper does not exist in the page).
 *
 * - Every fetch of the chat path is teed: when each chunk arrived and how many SSE events (one per
 *   token) had arrived by then, and when the last byte came.
 * - Every animation-frame callback is timed up to the end of the microtasks it queued: React
 *   renders a useSyncExternalStore update in a microtask right after the frame callback that
 *   published it, so this is the frame's script and render cost.
 * - Long tasks (>= 50 ms) are observed.
 * - `done` turns true when the stream's last byte has been read. The bench polls it with a cheap
 *   expression on a timer: Playwright's own locator waits poll every animation frame and compute
 *   ARIA roles over the whole page, which would add their cost to every frame of the stream.
 */
export function probeScript(chatPath: string): string {
  return `
  (function () {
    var probe = { arrivals: [], lastByteAt: 0, frames: [], longTasks: [], done: false };
    window.__probe = probe;
    try {
      new PerformanceObserver(function (list) {
        list.getEntries().forEach(function (e) { probe.longTasks.push(e.duration); });
      }).observe({ type: 'longtask', buffered: true });
    } catch (e) {}
    var raf = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = function (cb) {
      return raf(function (t) {
        var start = performance.now();
        cb(t);
        queueMicrotask(function () { probe.frames.push([start, performance.now() - start]); });
      });
    };
    var original = window.fetch.bind(window);
    window.fetch = function (input, init) {
      return original(input, init).then(function (res) {
        if (!String(input).endsWith(${JSON.stringify(chatPath)}) || !res.body) return res;
        var reader = res.body.getReader();
        var decoder = new TextDecoder();
        var events = 0;
        var body = new ReadableStream({
          pull: function (controller) {
            return reader.read().then(function (r) {
              var now = performance.now();
              probe.lastByteAt = now;
              if (r.done) { probe.done = true; controller.close(); return; }
              events += (decoder.decode(r.value, { stream: true }).match(/\\n\\n/g) || []).length;
              probe.arrivals.push([now, events]);
              controller.enqueue(r.value);
            });
          },
          cancel: function (reason) { return reader.cancel(reason); }
        });
        return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
      });
    };
  })();`;
}

export const RESET_PROBE = `(function () {
  var p = window.__probe;
  p.arrivals.length = 0; p.frames.length = 0; p.longTasks.length = 0; p.lastByteAt = 0; p.done = false;
  window.__shownAt = undefined;
})()`;

/**
 * Watches for the reply's final words once the last byte is in; a MutationObserver callback runs
 * right after the DOM change, so its time is when the text is on screen (before paint).
 */
export function watchFinalWords(words: string): string {
  return `(function () {
    var words = ${JSON.stringify(words)};
    var observer = new MutationObserver(function () {
      var p = window.__probe;
      if (!p.lastByteAt || window.__shownAt !== undefined) return;
      var items = document.querySelectorAll('li[aria-label]');
      var reply = items[items.length - 1];
      if (reply && reply.textContent && reply.textContent.indexOf(words) >= 0) {
        window.__shownAt = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  })()`;
}

export const READ_PROBE = `(function () {
  var p = window.__probe;
  return { arrivals: p.arrivals, lastByteAt: p.lastByteAt, frames: p.frames, longTasks: p.longTasks, shownAt: window.__shownAt };
})()`;
