/**
 * The tests' own database client, on the test's page and in the app's Firebase app, so signed in as the app's user:
 * what a test writes or reads through it comes from another client of the same account. The app's own client runs
 * in its worker (src/remote/database-client.ts); `appOffline` and `appOnline` take that one off the network and back.
 */
import { connectDatabaseEmulator, forceWebSockets, getDatabase } from 'firebase/database';
import { remoteConfig } from '../../src/remote/config';
import { holdOffline } from '../../src/remote/database-client';
import { app } from '../../src/remote/firebase';

forceWebSockets();
const config = remoteConfig();
export const database = getDatabase(app);
if (config.emulators) {
  const [host = '127.0.0.1', port = '9000'] = config.emulators.database.split(':');
  connectDatabaseEmulator(database, host, Number(port));
}

/** The app's database off the network, as a device without a connection. */
export const appOffline = (): Promise<void> => holdOffline(true);
/** The app's database back on the network, connecting at once. */
export const appOnline = (): Promise<void> => holdOffline(false);
