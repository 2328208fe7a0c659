import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { AlertIcon } from "./icons";

type ConfirmDialogProps = {
  /** The question, read as the dialog's name ("Are you sure?"). */
  title: string;
  /** What happens if the user confirms ("You won't be able to revert this!"). */
  text?: ReactNode;
  /** The confirm button's label ("Remove Order", "Delete"). */
  confirmLabel: string;
  /** The cancel button's label. */
  cancelLabel?: string;
  /** Shown on the confirm button while `onConfirm`'s promise runs. */
  busyLabel?: string;
  /** Runs on confirm. A returned promise keeps the dialog open and busy until it settles. */
  onConfirm: () => unknown;
  open: boolean;
  /** Cancel, Escape, a click on the backdrop, or after `onConfirm` has finished. */
  onClose: () => void;
  /** `danger` (default) paints the confirm button red, for removals. */
  tone?: "danger" | "primary";
};

/**
 * A modal confirmation: a native `<dialog>` opened with showModal(), so the browser makes the rest
 * of the page inert (focus stays inside), Escape cancels and focus returns to the button that
 * opened it. Focus starts on Cancel, the safe choice.
 */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  cancelLabel = "Cancel",
  busyLabel,
  onConfirm,
  open,
  onClose,
  tone = "danger",
}: ConfirmDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      cancelRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // Closing the page (or the dialog leaving the page) while open must not leave the page inert.
  useEffect(() => () => dialogRef.current?.close(), []);

  async function confirm() {
    const result = onConfirm();
    if (!(result instanceof Promise)) {
      onClose();
      return;
    }
    setBusy(true);
    try {
      await result;
      onClose();
    } catch {
      // The caller reports the failure (a toast); the dialog stays open for another try or Cancel.
    } finally {
      setBusy(false);
    }
  }

  const confirmClass = tone === "danger" ? "btn bg-red-700 text-white hover:bg-red-800" : "btn btn-primary";

  return (
    <dialog
      ref={dialogRef}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={text ? textId : undefined}
      onCancel={(event) => {
        // Escape: the browser would close the dialog itself; let React's `open` drive it instead.
        event.preventDefault();
        if (!busy) onClose();
      }}
      onKeyDown={(event) => {
        // Keep Tab inside the dialog (its buttons and any field in its text), also where the browser
        // would move on to its own toolbar.
        if (event.key !== "Tab") return;
        const buttons = [
          ...event.currentTarget.querySelectorAll<HTMLElement>(
            "button:not(:disabled), input:not(:disabled), textarea:not(:disabled), select:not(:disabled)",
          ),
        ];
        const first = buttons[0];
        const last = buttons.at(-1);
        if (!first || !last) return;
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget && !busy) onClose();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-0 text-navy shadow-xl backdrop:bg-navy/50"
    >
      <div className="p-6 sm:p-7">
        <div className="flex items-start gap-4">
          <span
            aria-hidden="true"
            className={`flex size-11 shrink-0 items-center justify-center rounded-full ${
              tone === "danger" ? "bg-red-50 text-red-700" : "bg-orange-50 text-accent-dark"
            }`}
          >
            <AlertIcon className="size-6" />
          </span>
          <div className="min-w-0">
            <h2 id={titleId} className="font-bold text-navy text-xl">
              {title}
            </h2>
            {text && (
              <div id={textId} className="mt-2 text-slate-600">
                {text}
              </div>
            )}
          </div>
        </div>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button
            ref={cancelRef}
            type="button"
            className="btn btn-secondary"
            onClick={onClose}
            disabled={busy}
          >
            {cancelLabel}
          </button>
          <button type="button" className={confirmClass} onClick={confirm} disabled={busy}>
            {busy ? (busyLabel ?? `${confirmLabel}…`) : confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
