/**
 * The fixed ports of the tests' own servers, beside `npm start`'s (Auth 9099, database 9000, Hosting 5000).
 * SLEEVE_TEST_PORT_OFFSET moves them all, so several checkouts on one machine can test at once (vitest.config.ts sets
 * the app's emulator hosts from the same offset).
 */
const OFFSET = Number(process.env.SLEEVE_TEST_PORT_OFFSET ?? 0);
/** The Auth emulator, with the emulator suite's hub and logging on the second and third port after it. */
export const TEST_AUTH_PORT = 9199 + OFFSET;
export const TEST_DATABASE_PORT = 9100 + OFFSET;
/** The Hosting emulator of tests/e2e/hosting.test.ts, with its hub and logging on the next two ports. */
export const TEST_HOSTING_PORT = 9110 + OFFSET;
/**
 * `npm start` as tests/e2e/start-offline.test.ts runs it: the app's dev server, the database, and the Auth emulator's
 * front (its hub and logging on the second and third port after it, the emulator itself on the fourth).
 */
export const TEST_START_APP_PORT = 9120 + OFFSET;
export const TEST_START_DATABASE_PORT = 9125 + OFFSET;
export const TEST_START_AUTH_PORT = 9130 + OFFSET;
