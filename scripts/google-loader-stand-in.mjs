/**
 * A stand-in for Google's script loader (https://apis.google.com/js/api.js) for use against the local backend only.
 * Both the Firebase SDK's popup sign-in and the Auth emulator's helper iframe load Google's loader to talk to each
 * other; on a machine without internet it cannot be fetched and sign-in stalls. This implements just the
 * `gapi.iframes` messaging those two use (open an iframe, register handlers, send a message and collect the replies,
 * ping), over postMessage. Everything else in the flow stays real: the Firebase SDK, the emulator's popup and account
 * chooser, and its iframe.
 *
 * Served by `npm start` (scripts/local-google-loader.mjs: the dev server gives it to the app, the Auth emulator's
 * front gives it to the emulator's iframe) and by the end-to-end tests in place of Google's own
 * (tests/e2e/support/gapi-stand-in.ts). A production build never loads it.
 */

/** Google's loader, as the Firebase SDK and the Auth emulator's iframe name it. */
export const GOOGLE_LOADER_URL = 'https://apis.google.com/js/api.js';

/** Where the local servers serve the stand-in: the loader, and the iframes module it fetches. */
export const LOCAL_LOADER_PATH = '/__sleeve/google-loader/api.js';
const LOCAL_IFRAMES_PATH = '/__sleeve/google-loader/iframes.js';

/**
 * Answers a request for the stand-in's two scripts, from a server on loopback; `false` for any other request.
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 * @returns {boolean}
 */
export function answerGoogleLoader(request, response) {
  const url = new URL(request.url ?? '/', 'http://loopback');
  let body;
  if (url.pathname === LOCAL_LOADER_PATH) body = googleLoaderScript(LOCAL_IFRAMES_PATH, url.searchParams.get('onload'));
  else if (url.pathname === LOCAL_IFRAMES_PATH) body = googleIframesScript();
  else return false;
  response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
  response.end(body);
  return true;
}

/**
 * api.js, the loader: `gapi.load` fetches the iframes module from `iframesUrl` once and calls back; `ontimeout` at
 * once if it cannot be loaded. `onload` names the page's callback to run when the loader is in (the SDK's way). Like
 * Google's, it adds the module's script under a Trusted Types policy of its own, `gapi#gapi`, where the browser has
 * them (and, should the page's policy refuse that name, hands the page's default policy a plain string).
 * @param {string} iframesUrl
 * @param {string | null} [onload]
 * @returns {string}
 */
export function googleLoaderScript(iframesUrl, onload = null) {
  return `(() => {
  const waiting = [];
  let policy = null;
  try {
    policy = window.trustedTypes?.createPolicy('gapi#gapi', { createScriptURL: (url) => url }) ?? null;
  } catch (error) {
    console.error(error.message);
  }
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
    const url = ${JSON.stringify(iframesUrl)};
    script.src = policy ? policy.createScriptURL(url) : url;
    script.onload = () => { for (const [done] of waiting.splice(0)) done(); };
    script.onerror = () => { for (const [, fail] of waiting.splice(0)) fail(); };
    (document.head ?? document.documentElement).appendChild(script);
  };
  ${onload ? `window[${JSON.stringify(onload)}]?.();` : ''}
  window.gapi_onload?.();
})();`;
}

/**
 * The iframes module: `gapi.iframes` over postMessage.
 * @returns {string}
 */
export function googleIframesScript() {
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
