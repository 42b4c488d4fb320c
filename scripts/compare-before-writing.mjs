// A transaction on the local database compares before it writes, as Firebase's own servers do.
//
// firebase-server applies a transaction's write (a `p` message with the hash `h` of the value the client last saw) to
// its rules engine's copy of the data first, and only then compares the hash with the stored value. When they differ
// it answers `datastale` and leaves the stored value alone, but the rules engine keeps the refused value: every later
// rule that reads `data` or `root` there judges against a value the server does not hold. So a device that lost the
// race for an account's first password left its refused record behind in the rules, and the winning device's key
// replacement (whose rules compare with the record) was refused ever after.
//
// This answers a stale transaction itself, before firebase-server sees it, exactly as firebase-server would: the
// stored value, then `datastale`. A transaction whose hash matches goes on to firebase-server unchanged, which compares
// again and finds it equal, since the comparison here and the delivery happen in one task (the server's own database
// is an offline client whose `once('value')` answers synchronously) and no other client's message runs between them.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
/** @type {{ getFirebaseHash: (value: string | number | boolean | object | null) => string }} */
const { getFirebaseHash } = require('firebase-server/dist/lib/firebase-hash');

/**
 * The stored value at `path` as the server's own client holds it, exported as firebase-server hashes it; `undefined`
 * if it did not answer at once (it always does: it is offline with the whole data set).
 * @param {any} server
 * @param {string} path
 */
function storedNow(server, path) {
  /** @type {{ value: string | number | boolean | object | null } | undefined} */
  let read;
  const at = path ? server.baseRef.child(path) : server.baseRef;
  at.once('value', (/** @type {any} */ snapshot) => {
    read = { value: snapshot.exportVal() };
  });
  return read;
}

/**
 * Sends `message` in firebase-server's framing: the number of frames, then the frames.
 * @param {any} server
 * @param {any} ws
 * @param {unknown} message
 */
function send(server, ws, message) {
  const payload = JSON.stringify(message);
  const frames = Math.ceil(payload.length / server.maxFrameLength);
  ws.send(String(frames));
  for (let start = 0; start < payload.length; start += server.maxFrameLength) {
    ws.send(payload.slice(start, start + server.maxFrameLength));
  }
}

/**
 * Whether `message` is a transaction that the stored value has moved on from; if so, answers it as stale.
 * @param {any} server
 * @param {any} ws
 * @param {any} message
 */
function answeredStale(server, ws, message) {
  if (message?.t !== 'd' || message.d?.a !== 'p' || message.d.b?.h === undefined) return false;
  const path = String(message.d.b.p ?? '').replace(/^\//, '');
  // A priority's path: firebase-server writes its parent; leave those to it (the app never sets priorities).
  if (/\.priority$/.test(path)) return false;
  const stored = storedNow(server, path);
  if (!stored || getFirebaseHash(stored.value) === message.d.b.h) return false;
  send(server, ws, { d: { a: 'd', b: { p: path, d: stored.value } }, t: 'd' });
  send(server, ws, { d: { r: message.d.r, b: { s: 'datastale', d: 'Transaction hash does not match' } }, t: 'd' });
  return true;
}

/**
 * Has every connection's messages pass through `answeredStale` on their way to firebase-server. A message may come
 * split over frames (a frame count, then parts); firebase-server puts the parts together itself, and so does this,
 * handing it each part as it comes unless the whole is a stale transaction.
 * @param {any} server a FirebaseServer, before any client connects
 */
export function compareBeforeWriting(server) {
  const wss = server.wss;
  const handlers = wss.listeners('connection');
  wss.removeAllListeners('connection');
  wss.on('connection', (/** @type {any} */ ws, /** @type {unknown[]} */ ...rest) => {
    const on = ws.on.bind(ws);
    ws.on = (/** @type {string} */ event, /** @type {(data: unknown) => void} */ listener) => {
      if (event !== 'message') return on(event, listener);
      /** @type {unknown[]} */
      let parts = [];
      let text = '';
      return on('message', (/** @type {{ toString(): string }} */ data) => {
        parts.push(data);
        text += data.toString();
        /** @type {unknown} */
        let message;
        try {
          message = JSON.parse(text);
        } catch {
          return; // a part of a message: wait for the rest
        }
        const whole = parts;
        parts = [];
        text = '';
        if (answeredStale(server, ws, message)) return;
        for (const part of whole) listener(part);
      });
    };
    for (const handler of handlers) handler.call(wss, ws, ...rest);
  });
}
