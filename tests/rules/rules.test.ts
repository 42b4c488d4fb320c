/**
 * database.rules.json against the running local backend, through the real Firebase SDK, as two signed-in people
 * and one signed-out visitor. Every denial is the server's own answer (PERMISSION_DENIED), not a client check.
 */
import { deleteApp, type FirebaseApp, initializeApp, setLogLevel } from 'firebase/app';
import { connectAuthEmulator, GoogleAuthProvider, getAuth, signInWithCredential } from 'firebase/auth';
import {
  connectDatabaseEmulator,
  type Database,
  getDatabase,
  goOffline,
  onValue,
  ref,
  remove,
  set,
} from 'firebase/database';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

// Each refusal below would otherwise also print the SDK's own warning.
setLogLevel('error');

const authUrl = inject('authUrl');
const databaseUrl = inject('databaseUrl');

interface Client {
  app: FirebaseApp;
  db: Database;
  uid: string | null;
}

let appCount = 0;

async function client(person?: { sub: string; email: string; name: string }): Promise<Client> {
  const app = initializeApp(
    {
      apiKey: 'demo-key',
      projectId: 'demo-sleeve',
      authDomain: 'demo-sleeve.firebaseapp.com',
      databaseURL: databaseUrl,
    },
    `rules-${appCount++}`,
  );
  const auth = getAuth(app);
  connectAuthEmulator(auth, authUrl, { disableWarnings: true });
  const db = getDatabase(app);
  const { hostname, port } = new URL(databaseUrl);
  connectDatabaseEmulator(db, hostname, Number(port));
  let uid: string | null = null;
  if (person) {
    const result = await signInWithCredential(auth, GoogleAuthProvider.credential(JSON.stringify(person)));
    uid = result.user.uid;
  }
  return { app, db, uid };
}

/** The SDK's get() hangs against this server; a one-off listener reads the same. */
function read(db: Database, path: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    onValue(ref(db, path), (snapshot) => resolve(snapshot.val()), reject, { onlyOnce: true });
  });
}

async function expectDenied(operation: Promise<unknown>) {
  const error = await operation.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error, 'the server allowed it').toBeInstanceOf(Error);
  expect(String((error as Error).message)).toMatch(/permission[_ ]denied/i);
}

const base64 = (bytes: number, fill = 7) => Buffer.alloc(bytes, fill).toString('base64');

const CARD_ID = 'Ab3dE6gH';
const encryptedCard = (id = CARD_ID) => ({
  id,
  data: { cipherText: base64(180), iv: base64(12) },
  modifiedAt: 1_700_000_000_000,
});
const passwordRecord = () => ({
  salt: base64(16),
  encryptedDek: { ciphertext: base64(48), iv: base64(12) },
  modifiedAt: 1_700_000_000_000,
});

let ada: Client;
let bob: Client;
let visitor: Client;

beforeAll(async () => {
  ada = await client({ sub: 'ada-rules', email: 'ada@example.com', name: 'Ada Lovelace' });
  bob = await client({ sub: 'bob-rules', email: 'bob@example.com', name: 'Bob Babbage' });
  visitor = await client();
});

afterAll(async () => {
  for (const c of [ada, bob, visitor]) {
    if (!c) continue;
    goOffline(c.db);
    await deleteApp(c.app);
  }
});

const cardPath = (c: Client, id = CARD_ID) => `${c.uid}/cards/${id}`;

describe('cards', () => {
  it('lets a person write and read back their own encrypted card', async () => {
    await set(ref(ada.db, cardPath(ada)), encryptedCard());
    expect(await read(ada.db, cardPath(ada))).toEqual(encryptedCard());
  });

  it('lets a person write all their cards at once and read the collection', async () => {
    const cards = { [CARD_ID]: encryptedCard(), Zz9yX8wV: encryptedCard('Zz9yX8wV') };
    await set(ref(ada.db, `${ada.uid}/cards`), cards);
    expect(await read(ada.db, `${ada.uid}/cards`)).toEqual(cards);
  });

  it("refuses reading another person's cards", async () => {
    await set(ref(ada.db, cardPath(ada)), encryptedCard());
    await expectDenied(read(bob.db, `${ada.uid}/cards`));
    await expectDenied(read(bob.db, cardPath(ada)));
    await expectDenied(read(bob.db, `${ada.uid}`));
  });

  it("refuses writing another person's cards", async () => {
    await expectDenied(set(ref(bob.db, cardPath(ada)), encryptedCard()));
    await expectDenied(set(ref(bob.db, `${ada.uid}/cards`), null));
    expect(await read(ada.db, cardPath(ada))).toEqual(encryptedCard());
  });

  it('refuses a plain, unencrypted card', async () => {
    const plain = {
      id: CARD_ID,
      data: {
        number: '4111111111111111',
        expiry: '12/30',
        cardholder: 'Ada Lovelace',
        issuer: '',
        cvv: '123',
        network: 'VISA',
        theme: 'SKY',
      },
      modifiedAt: 1_700_000_000_000,
    };
    await expectDenied(set(ref(ada.db, cardPath(ada)), plain));
    await expectDenied(set(ref(ada.db, `${ada.uid}/cards`), { [CARD_ID]: plain }));
  });

  it('refuses a card with a missing field', async () => {
    const card = encryptedCard();
    await expectDenied(set(ref(ada.db, cardPath(ada)), { ...card, data: { cipherText: card.data.cipherText } }));
    await expectDenied(set(ref(ada.db, cardPath(ada)), { id: card.id, data: card.data }));
    await expectDenied(set(ref(ada.db, cardPath(ada)), { data: card.data, modifiedAt: card.modifiedAt }));
  });

  it('refuses a card with an extra field', async () => {
    const card = encryptedCard();
    await expectDenied(
      set(ref(ada.db, cardPath(ada)), { ...card, data: { ...card.data, number: '4111111111111111' } }),
    );
    await expectDenied(set(ref(ada.db, cardPath(ada)), { ...card, type: 'UNENCRYPTED' }));
  });

  it('refuses a card whose id is not its key or not 8 letters and digits', async () => {
    await expectDenied(set(ref(ada.db, cardPath(ada)), encryptedCard('Zz9yX8wV')));
    await expectDenied(set(ref(ada.db, cardPath(ada, 'short')), encryptedCard('short')));
    await expectDenied(set(ref(ada.db, cardPath(ada, 'Ab3dE6g_')), encryptedCard('Ab3dE6g_')));
  });

  it('refuses a non-numeric modifiedAt', async () => {
    await expectDenied(set(ref(ada.db, cardPath(ada)), { ...encryptedCard(), modifiedAt: '1700000000000' }));
  });

  it('refuses an oversized cipherText, a bad iv and text that is not base64', async () => {
    const card = encryptedCard();
    await expectDenied(set(ref(ada.db, cardPath(ada)), { ...card, data: { ...card.data, cipherText: base64(3100) } }));
    await expectDenied(set(ref(ada.db, cardPath(ada)), { ...card, data: { ...card.data, iv: base64(16) } }));
    await expectDenied(
      set(ref(ada.db, cardPath(ada)), { ...card, data: { ...card.data, cipherText: '{"number":"4111111111111111"}' } }),
    );
  });

  it('lets a person delete one card and then all of them', async () => {
    await set(ref(ada.db, `${ada.uid}/cards`), { [CARD_ID]: encryptedCard(), Zz9yX8wV: encryptedCard('Zz9yX8wV') });
    await remove(ref(ada.db, cardPath(ada)));
    expect(await read(ada.db, `${ada.uid}/cards`)).toEqual({ Zz9yX8wV: encryptedCard('Zz9yX8wV') });
    await set(ref(ada.db, `${ada.uid}/cards`), null);
    expect(await read(ada.db, `${ada.uid}/cards`)).toBeNull();
  });
});

describe('password record', () => {
  const path = () => `${ada.uid}/auth/password`;

  it('lets a person write, read and delete their own password record', async () => {
    await set(ref(ada.db, path()), passwordRecord());
    expect(await read(ada.db, path())).toEqual(passwordRecord());
    expect(await read(ada.db, `${ada.uid}/auth`)).toEqual({ password: passwordRecord() });
    await remove(ref(ada.db, path()));
    expect(await read(ada.db, path())).toBeNull();
  });

  it('refuses a record with an extra or missing field', async () => {
    const record = passwordRecord();
    await expectDenied(set(ref(ada.db, path()), { ...record, pin: '123456' }));
    await expectDenied(set(ref(ada.db, path()), { ...record, encryptedDek: { ...record.encryptedDek, dek: 'x' } }));
    await expectDenied(set(ref(ada.db, path()), { salt: record.salt, encryptedDek: record.encryptedDek }));
    await expectDenied(
      set(ref(ada.db, path()), { ...record, encryptedDek: { ciphertext: record.encryptedDek.ciphertext } }),
    );
  });

  it('refuses a record with malformed salt or wrapped key', async () => {
    const record = passwordRecord();
    await expectDenied(set(ref(ada.db, path()), { ...record, salt: base64(32) }));
    await expectDenied(
      set(ref(ada.db, path()), { ...record, encryptedDek: { ...record.encryptedDek, ciphertext: base64(32) } }),
    );
  });

  it("refuses another person's password record, both ways", async () => {
    await set(ref(ada.db, path()), passwordRecord());
    await expectDenied(read(bob.db, path()));
    await expectDenied(set(ref(bob.db, path()), passwordRecord()));
  });
});

describe('everything else', () => {
  it('refuses writes outside cards and auth/password', async () => {
    await expectDenied(set(ref(ada.db, `${ada.uid}/preferences`), { maskCardNumber: true }));
    await expectDenied(set(ref(ada.db, `${ada.uid}/auth/pin`), passwordRecord()));
    await expectDenied(set(ref(ada.db, `${ada.uid}`), null));
    await expectDenied(set(ref(ada.db, 'shared'), 'hello'));
    await expectDenied(read(ada.db, '/'));
  });

  it('refuses a signed-out visitor reads and writes', async () => {
    await expectDenied(read(visitor.db, `${ada.uid}/cards`));
    await expectDenied(set(ref(visitor.db, cardPath(ada)), encryptedCard()));
    await expectDenied(set(ref(visitor.db, 'null/cards/Ab3dE6gH'), encryptedCard()));
  });
});
