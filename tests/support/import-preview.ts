/** The import flow as the screens drive it, from a file's bytes to the preview, for state tests. */
import { readImportFile } from '../../src/domain/transfer/read-file';
import { buildPreview, openBackupFile } from '../../src/state/transfer';

/** The passphrase the state tests' backups are sealed with: accents, a curly quote and an emoji. */
export const PASSPHRASE = 'Zoë’s backup: 🐎 battery staple!';

/** A new card's theme when a file gives none: fixed, so previews compare. */
export const rose = () => 'ROSE' as const;

export async function previewOf(text: string, passphrase = PASSPHRASE) {
  const read = await readImportFile(new TextEncoder().encode(text), rose);
  if (read.kind === 'csv') throw new Error('read as CSV');
  const parse = read.kind === 'backup' ? await openBackupFile(passphrase, read.text) : read.parse;
  if (!parse) throw new Error('the passphrase did not open the backup');
  return buildPreview(parse);
}
