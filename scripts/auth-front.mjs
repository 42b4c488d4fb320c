// The Auth emulator's front for `npm start`: a pass-through on the port the app talks to, which changes one thing.
// The emulator's helper iframe loads Google's script loader from the internet; the front serves that page with the
// local stand-in in its place (scripts/google-loader-stand-in.mjs), so sign-in works on a machine without internet.
// Every other request and answer passes through untouched.
import { createServer, request as forward } from 'node:http';
import { answerGoogleLoader, GOOGLE_LOADER_URL, LOCAL_LOADER_PATH } from './google-loader-stand-in.mjs';

const HELPER_IFRAME_PATH = '/emulator/auth/iframe';

/**
 * Listens on `host:port` and passes everything on to the emulator at `host:emulatorPort`.
 * @param {{ host: string, port: number, emulatorPort: number }} options
 * @returns {Promise<{ close: () => Promise<void> }>}
 */
export function startAuthFront({ host, port, emulatorPort }) {
  const server = createServer((incoming, outgoing) => {
    if (answerGoogleLoader(incoming, outgoing)) return;
    const path = incoming.url ?? '/';
    const rewrite = incoming.method === 'GET' && new URL(path, 'http://loopback').pathname === HELPER_IFRAME_PATH;
    const headers = { ...incoming.headers };
    // The page to rewrite comes back as plain text.
    if (rewrite) delete headers['accept-encoding'];
    const upstream = forward({ host, port: emulatorPort, method: incoming.method, path, headers }, (answer) => {
      if (!rewrite) {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
        return;
      }
      /** @type {Buffer[]} */
      const chunks = [];
      answer.on('data', (chunk) => chunks.push(chunk));
      answer.on('end', () => {
        const page = Buffer.concat(chunks).toString('utf8').replaceAll(GOOGLE_LOADER_URL, LOCAL_LOADER_PATH);
        const { 'content-length': _length, ...rest } = answer.headers;
        outgoing.writeHead(answer.statusCode ?? 502, { ...rest, 'content-length': Buffer.byteLength(page) });
        outgoing.end(page);
      });
    });
    upstream.on('error', (error) => {
      if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      outgoing.end(`The Auth emulator did not answer: ${error.message}`);
    });
    incoming.pipe(upstream);
  });
  return new Promise((resolveFront, reject) => {
    server.once('error', reject);
    server.listen({ host, port, exclusive: true }, () => {
      server.off('error', reject);
      resolveFront({
        close: () =>
          new Promise((closed) => {
            server.closeAllConnections();
            server.close(() => closed());
          }),
      });
    });
  });
}
