/**
 * Google's script loader (https://apis.google.com/js/api.js) cannot be reached from this offline machine, yet both
 * the Firebase SDK's popup sign-in and the Auth emulator's helper iframe load it to talk to each other. The
 * end-to-end tests serve this stand-in in its place: it implements just the `gapi.iframes` messaging those two use
 * (open an iframe, register handlers, send a message and collect the replies, ping), over postMessage. Everything
 * else in the flow is real: the Firebase SDK, the emulator's popup and account chooser, and its iframe.
 *
 * Like Google's, it comes in two scripts from the two paths the Content-Security-Policy allows: `api.js`, the loader,
 * whose `gapi.load('gapi.iframes')` then fetches the iframes module from Google's static path. A page whose policy
 * refused either would fail to sign in, as it would with Google's own.
 */
import type { BrowserContext } from 'playwright';

const IFRAMES_MODULE =
  'https://apis.google.com/_/scs/abc-static/_/js/k=gapi.lb.en.stand-in.O/m=gapi_iframes/rt=j/sv=1/d=1/ed=1/cb=gapi.loaded_0';

/** api.js: `gapi.load` fetches the iframes module once and calls back; `ontimeout` at once if it cannot be loaded. */
function loader(onload: string | null): string {
  return `(() => {
  const waiting = [];
  window.gapi = window.gapi ?? {};
  window.gapi.load = (_name, options) => {
    const callback = typeof options === 'function' ? options : options.callback;
    const failed = typeof options === 'function' ? () => undefined : options.ontimeout ?? (() => undefined);
    if (window.gapi.iframes) {
      setTimeout(callback, 0);
      return;
    }
    waiting.push([callback, failed]);
    if (waiting.length > 1) return;
    const script = document.createElement('script');
    script.src = ${JSON.stringify(IFRAMES_MODULE)};
    script.onload = () => { for (const [done] of waiting.splice(0)) done(); };
    script.onerror = () => { for (const [, fail] of waiting.splice(0)) fail(); };
    (document.head ?? document.documentElement).appendChild(script);
  };
  ${onload ? `window[${JSON.stringify(onload)}]?.();` : ''}
  window.gapi_onload?.();
})();`;
}

/** The iframes module: `gapi.iframes` over postMessage. */
function iframesModule(): string {
  return `(() => {
  const TAG = '__gapiStandIn';
  const handlers = new Map();
  const queued = new Map();
  const replies = new Map();
  const readyWindows = new Set();
  const readyWaiters = [];
  let sequence = 0;

  function deliver(message, source) {
    const handler = handlers.get(message.name);
    const responses = handler ? [handler(message.data)] : [];
    source.postMessage({ [TAG]: 'reply', id: message.id, responses }, '*');
  }

  function channel(target) {
    return {
      register(name, handler) {
        handlers.set(name, handler);
        for (const [message, source] of queued.get(name) ?? []) deliver(message, source);
        queued.delete(name);
      },
      send(name, data, callback) {
        const id = 'm' + (sequence += 1);
        replies.set(id, callback ?? (() => undefined));
        target.postMessage({ [TAG]: 'call', id, name, data }, '*');
      },
      ping(callback) {
        return new Promise((resolve) => {
          const done = () => { callback?.(); resolve(); };
          if (readyWindows.has(target)) done();
          else readyWaiters.push([target, done]);
        });
      },
      restyle() {
        return Promise.resolve();
      },
    };
  }

  window.addEventListener('message', (event) => {
    const message = event.data;
    if (!message || typeof message !== 'object' || !(TAG in message)) return;
    if (message[TAG] === 'call') {
      // Real gapi holds a message until its handler is registered; so does this.
      if (handlers.has(message.name)) deliver(message, event.source);
      else queued.set(message.name, [...(queued.get(message.name) ?? []), [message, event.source]]);
    } else if (message[TAG] === 'reply') {
      const callback = replies.get(message.id);
      replies.delete(message.id);
      // Like gapi's own dispatcher, a throwing callback does not escape: the SDK's web-storage check throws right
      // after answering its callback, by design.
      try {
        callback?.(message.responses);
      } catch {}
    } else if (message[TAG] === 'ready') {
      readyWindows.add(event.source);
      for (const [target, done] of readyWaiters.splice(0)) {
        if (readyWindows.has(target)) done();
        else readyWaiters.push([target, done]);
      }
    }
  });

  const context = {
    open(options, onOpen) {
      const frame = document.createElement('iframe');
      for (const [name, value] of Object.entries(options.attributes?.style ?? {})) frame.style.setProperty(name, value);
      frame.src = options.url;
      (options.where ?? document.body).appendChild(frame);
      return Promise.resolve(onOpen(channel(frame.contentWindow)));
    },
    getParentIframe() {
      window.parent.postMessage({ [TAG]: 'ready' }, '*');
      return channel(window.parent);
    },
  };

  window.gapi.iframes = {
    getContext: () => context,
    CROSS_ORIGIN_IFRAMES_FILTER: () => true,
    Iframe: function Iframe() {},
  };
})();`;
}

/** Serves the stand-in to every page and frame of a browser context (the app, the popup, the emulator iframe). */
export async function serveGapiStandIn(context: BrowserContext): Promise<void> {
  await context.route('https://apis.google.com/js/api.js**', async (route) => {
    const onload = new URL(route.request().url()).searchParams.get('onload');
    await route.fulfill({ contentType: 'text/javascript', body: loader(onload) });
  });
  await context.route(`${IFRAMES_MODULE}**`, async (route) => {
    await route.fulfill({ contentType: 'text/javascript', body: iframesModule() });
  });
}
