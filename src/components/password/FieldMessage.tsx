/**
 * One line under a field: an error, a warning, a success or work still under way, each with its own mark besides
 * its colour.
 */
export type FieldMessageTone = 'error' | 'warning' | 'success' | 'pending';

const MARKS: Record<FieldMessageTone, string> = { error: '✕', warning: '!', success: '✓', pending: '…' };

export function FieldMessage({ tone, children }: { tone: FieldMessageTone; children: string }) {
  return (
    <p className={`field-message field-message-${tone}`} data-tone={tone}>
      <span className="field-message-mark" aria-hidden="true">
        {MARKS[tone]}
      </span>
      {children}
    </p>
  );
}
