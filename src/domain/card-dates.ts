/**
 * What date a card change carries. The server (database.rules.json) refuses a card dated more than five minutes
 * ahead of its own clock, and keeps a card only when it is at least as new as the copy it holds; newer wins in every
 * merge too. So a change that is dated wrongly is lost: ahead of the server's clock, it is refused; behind the copy
 * it replaces, it gives way to that copy. These rules keep both from happening, or say why a change cannot be kept.
 */

/** How far ahead of its clock the server accepts a date (`now + 300000` in database.rules.json). */
export const SERVER_LEEWAY_MS = 300_000;

/**
 * An imported card's date. A Sleeve backup's card keeps its own, unless that is ahead of now (saved on a device
 * whose clock ran fast): a card dated in the future would be refused by the server, and would win every merge until
 * then. Such a card, and a card from a file that carries no date, is dated now, a millisecond apart in the file's
 * order (`index`), so Home lists them as the file did.
 */
export function importedDate(fileDate: number | undefined, now: number, index: number): number {
  return fileDate === undefined || fileDate > now ? now - index : fileDate;
}

/**
 * The date of a change to a card whose copy here is dated `previous` (none for a new card): now, or just after that
 * copy when it is dated ahead of now (saved on a device whose clock runs fast), so the change replaces it rather than
 * giving way to it.
 */
export const dateAfter = (now: number, previous: number | undefined): number =>
  previous === undefined ? now : Math.max(now, previous + 1);

/**
 * The date a card of this device goes up with as it joins an account (sign-in): its own, unless that is ahead of now
 * (saved while this device's clock ran fast, or imported from such a device's backup by an earlier Sleeve), then
 * now, since the server refuses it and the whole sign-in with it; after the server's copy either way, since the merge
 * kept this card over that one.
 */
export const joiningDate = (date: number, there: number | undefined, now: number): number =>
  dateAfter(Math.min(date, now), there);

/** Whether the server, its clock at `serverNow`, accepts a card dated `modifiedAt`. */
export const serverAccepts = (modifiedAt: number, serverNow: number): boolean =>
  modifiedAt <= serverNow + SERVER_LEEWAY_MS;

export const DateMessages = {
  /** A change to a card dated further ahead than the server accepts a change to be dated. */
  datedAhead:
    'This card was last saved on a device whose clock is ahead, so the server cannot take a change to it yet. Your change was not saved. Check the date and time on your devices, or try again later.',
} as const;
