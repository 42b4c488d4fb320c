/**
 * A modal bottom sheet on the native <dialog>: showModal() gives the focus trap, the inert page behind and
 * Escape for free. Render it only while open; on unmount it closes and focus goes back where it was.
 */
import type { MouseEvent, ReactNode, SyntheticEvent } from 'react';
import { useEffect, useId, useRef } from 'react';

export interface SheetProps {
  title: string;
  /** Called on Escape and on a click on the backdrop. */
  onClose: () => void;
  children: ReactNode;
}

export function Sheet({ title, onClose, children }: SheetProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    // The parent owns the open state: it unmounts the sheet, which closes the dialog.
    event.preventDefault();
    onClose();
  };

  const onNativeClose = (event: SyntheticEvent<HTMLDialogElement>) => {
    // Chromium may close without a cancel event (a second Escape in a row). A close we caused ourselves (unmount,
    // or StrictMode's trial unmount before the dialog reopens) finds the dialog open again or the handler gone.
    if (!event.currentTarget.open) onClose();
  };

  const onBackdropClick = (event: MouseEvent<HTMLDialogElement>) => {
    // Clicks on ::backdrop land on the <dialog> itself; clicks on the content land on its children.
    if (event.target === event.currentTarget) onClose();
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click mirrors Escape, which the dialog handles.
    <dialog
      ref={ref}
      className="sheet"
      aria-modal="true"
      aria-labelledby={titleId}
      onCancel={onCancel}
      onClose={onNativeClose}
      onClick={onBackdropClick}
    >
      <div className="sheet-content">
        <span className="sheet-handle" aria-hidden="true" />
        <h2 id={titleId} className="sheet-title">
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}
