/** One line under a field: an error, a warning or a success, each with its own mark besides its colour. */
export type FieldMessageTone = 'error' | 'warning' | 'success';

const MARKS: Record<FieldMessageTone, string> = { error: '✕', warning: '!', success: '✓' };

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
