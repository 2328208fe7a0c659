import { useEffect, useId, useRef, useState } from "react";

type OneTimeSecretProps = {
  /** The read-only field's label ("Your new token"). */
  label: string;
  value: string;
  /** What to tell the user about it (where to paste it). */
  children?: React.ReactNode;
  /** "Done": the secret leaves the page for good. */
  onClose: () => void;
};

/** A secret shown once: a read-only field to select, a Copy button, and Done to put it away. */
export function OneTimeSecret({ label, value, children, onClose }: OneTimeSecretProps) {
  const id = useId();
  const [copied, setCopied] = useState<"yes" | "no" | undefined>();
  const field = useRef<HTMLInputElement>(null);
  // Shown after a form was sent: focus (and so scroll to) it, selected, ready to copy.
  useEffect(() => field.current?.focus(), []);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied("yes");
    } catch {
      // No clipboard (an insecure origin, a refused permission): the field stays selectable.
      setCopied("no");
    }
  }
  return (
    <section aria-labelledby={`${id}-label`} className="rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200">
      <label id={`${id}-label`} htmlFor={id} className="block font-semibold text-amber-950 text-sm">
        {label}
      </label>
      {children && <p className="mt-1 text-amber-900 text-sm">{children}</p>}
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <input
          ref={field}
          id={id}
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
          className="block w-full min-w-0 rounded-lg border border-amber-300 bg-white px-3 py-2.5 font-mono text-navy text-sm"
        />
        <button type="button" className="btn btn-secondary shrink-0" onClick={copy}>
          Copy
        </button>
        <button type="button" className="btn btn-primary shrink-0" onClick={onClose}>
          Done
        </button>
      </div>
      <p role="status" className="mt-1.5 min-h-5 text-amber-900 text-sm">
        {copied === "yes" && "Copied."}
        {copied === "no" && "Copying is not allowed here: select the text and copy it yourself."}
      </p>
    </section>
  );
}
