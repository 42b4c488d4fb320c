/**
 * Known state-layer bugs not fixed yet, each with the change to the model that mirrors its fix. The random runs use
 * the model as fixed, so they keep finding other bugs; each bug's pinned seed (KNOWN_BUG_SEEDS in
 * tests/domain/state-fuzz-model.test.ts) runs without its fix (an expected failure: it shows the bug) and with it
 * (must pass). Once src/state is fixed, the model mirrors the fix unconditionally (the flag goes) and the seed moves
 * to REGRESSION_SEEDS.
 */
export interface Fixes {
  /**
   * Newer wins on the server for cards (database.rules.json refuses a card older than the copy it holds), but not
   * for deletions: a deletion reaches the server undated, so a deletion made before an edit on another device, and
   * sent later (it waited in an outbox while offline, or travelled on the other tab's slower connection), removes
   * the newer edited card, which was acknowledged. Fixed (one way): deletions written as dated tombstones the rules
   * can compare with the card's `modifiedAt`, or sent in a transaction. Mirrored here in network.ts `applyAtServer`.
   */
  serverRefusesOlderDeletions: boolean;
  /**
   * leave.ts `leaveDevice` (sign-out, or the session hearing that Firebase signed out) discards the device's cards,
   * records and outbox whatever was stored since it started. (1) Signing out in one tab while signing in again in the
   * other: the sign-in completes and stores its records, the other tab's restart starts a new sync session in the
   * signing-out tab, then the sign-out's discard erases the new sign-in, and that tab shows itself signed out while
   * the new session still runs in it. (2) The other tab's session hears of the sign-out late: meanwhile this device,
   * signed out, saved a card and created a PIN, and the late `leaveDevice` discards them (acknowledged cards lost; the
   * tab that follows the discard stays locked with no record to unlock it). Fixed (one way): under the lock, the
   * discard is skipped when the stored records are no longer those the tab left, or someone is signed in to
   * Firebase again; the tab then starts afresh from what is stored. Mirrored here in leave.ts `leaveDevice`.
   */
  leaveOnlyWhatItLeft: boolean;
  /**
   * tabs.ts `follow` compares what is stored only when it runs, and treats any change of the records that leaves a
   * secret on both sides as "a PIN changed beside another secret: same key". If the other tab removes the last PIN
   * and creates a new one before this tab follows (its follow was still busy, so the events came together), the new
   * PIN wraps a new key: this tab keeps the old key, opens the re-encrypted cards as unreadable, and a card it saves
   * now is sealed under a key no stored record wraps (lost at the next reload). Fixed: when none of the tab's
   * records is still stored, it locks as for a first secret created elsewhere. Mirrored here in tabs.ts `follow`.
   */
  followLocksOnNewKey: boolean;
  /**
   * newer-password.ts `adoptNewerPassword` adopts a newer password record (and drops the PIN and the old record for
   * it) when its key opens the cards whose ids this tab remembered when it locked (`cardsLostByNewKey` with
   * `readableIds`, src/domain/key-proof.ts), or, in a tab that started locked, the cards it holds at that moment.
   * Cards of this device's key that were not on screen then are not counted: a card saved while the lock came, one
   * another device of the account added (or joined with) while this tab was locked, and, signed in, every card when
   * the server's cards have not arrived yet. A tab that locked with no card on screen thus adopts a record over
   * another key and drops the last record of the key the account's cards are sealed under (DESIGN.md invariant 11).
   * Even a tab that heard every card may have heard the server late: a card another device sent a moment before
   * is missing from its view. Fixed (one way): the proof reads the account's cards from the server (a one-time read,
   * which the server answers) and counts every card the new key cannot decrypt.
   * Mirrored here in newer-password.ts `adoptNewerPassword`.
   */
  keyProofCountsEveryCard: boolean;
  /**
   * tabs.ts `follow`, signed in, takes any change of the records for one under the same key ("Signed in, the key is
   * the account's, always"): it follows the records and keeps the key it holds. Since newer-password.ts, another tab
   * of the device may adopt a newer password record over another key; a tab that was unlocked with the old key (its
   * session had not heard the record yet: the device was offline) keeps it, seals the cards it saves under it, and
   * they go to the server under a key no record of the account wraps. 'Keep using this device's key' then puts back
   * the record the tab followed, the adopted one. Fixed (one way): signed in, a password record that wraps another
   * key (another salt or ciphertext, not only a new date) locks the tab as a first secret does, and a card goes into
   * the outbox only while the password record it was sealed for is still stored. Mirrored here in tabs.ts `follow`
   * and sync-session.ts `record`.
   */
  followLocksOnAdoptedRecord: boolean;
}
/** The model as the code is now (`SLEEVE_FUZZ_AS_IS=1` runs the random sequences so). */
export const AS_IS: Fixes = {
  serverRefusesOlderDeletions: false,
  leaveOnlyWhatItLeft: false,
  followLocksOnNewKey: false,
  keyProofCountsEveryCard: false,
  followLocksOnAdoptedRecord: false,
};
/** The model with every known bug fixed: what the random sequences run (and what every pinned seed must pass). */
export const ALL_FIXED: Fixes = {
  serverRefusesOlderDeletions: true,
  leaveOnlyWhatItLeft: true,
  followLocksOnNewKey: true,
  keyProofCountsEveryCard: true,
  followLocksOnAdoptedRecord: true,
};
