/** What the local backend's global setup provides to tests, read with `inject(...)` in Node and in the browser. */
export {};

declare module 'vitest' {
  export interface ProvidedContext {
    /** e.g. http://127.0.0.1:9199 */
    authUrl: string;
    /** e.g. http://127.0.0.1:9100?ns=demo-sleeve-default-rtdb */
    databaseUrl: string;
    /** The realtime database namespace, e.g. demo-sleeve-default-rtdb */
    namespace: string;
    /** A loopback address answering GET with the whole database as JSON, rules aside (see {@link serveDump}). */
    databaseDumpUrl: string;
  }
}
