/**
 * The header's Done on the card editors (SPEC.md: 'a Done action and a Save button', 'a Done action and an Update
 * button'): it submits the same form as the button under it, from the top of the screen. Its description says so,
 * to a pointer resting on it and to a screen reader, so nobody wonders which of the two to press.
 */
interface DoneActionProps {
  /** The form it submits. */
  form: string;
  /** The form's own button, as it reads ('Save', 'Update'). */
  sameAs: string;
}

export function DoneAction({ form, sameAs }: DoneActionProps) {
  return (
    <button type="submit" form={form} className="header-action" title={`Saves this card, as ${sameAs} below does`}>
      Done
    </button>
  );
}
