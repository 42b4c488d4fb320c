/** A busy indicator that assistive technology announces by its name, e.g. 'Loading cards'. */
export function Spinner({ label }: { label: string }) {
  return (
    <div className="spinner" role="status" aria-label={label}>
      <span className="spinner-ring" aria-hidden="true" />
    </div>
  );
}
