import type { ReactNode } from "react";

const rowClass =
  "flex flex-col-reverse gap-3 border-slate-100 border-t pt-6 sm:flex-row sm:items-center sm:justify-end";

type PhotoSubmitRowProps = {
  /** A photo is still uploading: the button waits for it, and says why. */
  photoBusy: boolean;
  /** The form is being sent. */
  submitting: boolean;
  /** Classes for the row's place in the form (a top margin). */
  className?: string;
  /** The button's least width on wide screens. */
  buttonClassName: string;
  /** The button's text. */
  children: ReactNode;
};

/** The submit button of a form with a photo (PhotoField), disabled while it is sent or the photo uploads. */
export function PhotoSubmitRow({
  photoBusy,
  submitting,
  className,
  buttonClassName,
  children,
}: PhotoSubmitRowProps) {
  return (
    <div className={className ? `${className} ${rowClass}` : rowClass}>
      {photoBusy && <p className="text-slate-600 text-sm">Wait for the photo to finish uploading.</p>}
      <button
        type="submit"
        className={`btn btn-primary ${buttonClassName}`}
        disabled={submitting || photoBusy}
      >
        {children}
      </button>
    </div>
  );
}
