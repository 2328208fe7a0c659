import { type ChangeEvent, type Ref, useCallback, useEffect, useId, useRef, useState } from "react";
import { errorMessage } from "#web/lib/api";
import { thumbnailOf } from "#web/lib/uploads/thumbnail";
import { useUploadPhoto } from "#web/lib/uploads/upload-photo";
import { PhotoIcon } from "../dashboard-icons";
import { FieldError } from "../FormField";
import { CheckCircleIcon } from "../shop-icons";

type Upload =
  | { status: "idle" }
  | { status: "uploading"; preview: string }
  | { status: "failed"; preview: string; message: string }
  | { status: "done" };

type PhotoFieldProps = {
  /** The form field's name (react-hook-form's `field.name`). */
  name: string;
  /** The uploaded photo's URL on our server, "" while there is none. */
  value: string;
  /** Receives the URL once the photo is uploaded, and "" while a new one uploads or after a failure. */
  onChange: (url: string) => void;
  /** The form's message for the field ("Image is Required"). */
  error?: string | undefined;
  label?: string;
  hint?: string;
  /** react-hook-form's `field.ref`: the form focuses the file input when the photo is missing. */
  inputRef?: Ref<HTMLInputElement>;
  /** True while a photo is uploading: the form waits for it before it can be sent. */
  onBusyChange?: (busy: boolean) => void;
  /** The preview's shape: a round portrait (profiles) or a 3:2 product photo (tools). */
  shape?: "portrait" | "product";
};

const isAbort = (error: unknown) => error instanceof DOMException && error.name === "AbortError";

/**
 * A photo for a form: the picked file uploads at once to `POST /api/upload` with its progress shown,
 * then its preview appears and the form's field holds the URL on our server. A failed upload leaves
 * the field empty (the form cannot be sent) and shows the server's reason.
 */
export function PhotoField({
  name,
  value,
  onChange,
  error,
  label = "Photo",
  hint = "JPEG, PNG, WebP, GIF or AVIF, up to 5 MB. It uploads as soon as you choose it.",
  inputRef,
  onBusyChange,
  shape = "product",
}: PhotoFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const upload = useUploadPhoto();
  const [state, setState] = useState<Upload>({ status: "idle" });
  const [progress, setProgress] = useState(0);
  // A preview the browser could not draw (a file that is not a picture): the placeholder instead.
  const [unreadable, setUnreadable] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement | null>(null);
  const running = useRef<AbortController | null>(null);
  // The last value this field gave the form: any other value came from outside (a reset).
  const emitted = useRef(value);

  const emit = (url: string) => {
    emitted.current = url;
    onChange(url);
  };

  // The form was reset or prefilled: forget the file picked here.
  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    running.current?.abort();
    setState({ status: "idle" });
    if (fileInput.current) fileInput.current.value = "";
  }, [value]);

  const preview = state.status === "uploading" || state.status === "failed" ? state.preview : null;
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);

  const busy = state.status === "uploading";
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);

  // Leaving the page stops an upload still running.
  useEffect(() => () => running.current?.abort(), []);

  const setRefs = useCallback(
    (element: HTMLInputElement | null) => {
      fileInput.current = element;
      if (typeof inputRef === "function") inputRef(element);
      else if (inputRef) inputRef.current = element;
    },
    [inputRef],
  );

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return; // The chooser was closed without a file: keep what there is.
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    const local = URL.createObjectURL(file);
    setProgress(0);
    setState({ status: "uploading", preview: local });
    emit("");
    try {
      const photo = await upload.mutateAsync({ file, signal: controller.signal, onProgress: setProgress });
      if (controller.signal.aborted) return;
      setState({ status: "done" });
      emit(photo.url);
    } catch (failure) {
      if (controller.signal.aborted || isAbort(failure)) return;
      setState({ status: "failed", preview: local, message: errorMessage(failure) });
      // Choosing the same file again retries.
      if (fileInput.current) fileInput.current.value = "";
    } finally {
      if (running.current === controller) running.current = null;
    }
  }

  const message = state.status === "failed" ? state.message : busy ? undefined : error;
  // A failed upload shows no preview: the file may not be a picture at all.
  const candidate =
    state.status === "uploading"
      ? preview
      : state.status === "failed"
        ? null
        : value
          ? thumbnailOf(value)
          : null;
  const shown = candidate && candidate !== unreadable ? candidate : null;
  const percent = Math.round(progress * 100);
  const frame =
    shape === "portrait" ? "size-24 rounded-full sm:size-28" : "aspect-[3/2] w-40 rounded-lg sm:w-44";

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-steel">
        {label}
      </label>
      <div
        className={`mt-1.5 flex flex-col gap-4 rounded-xl border border-dashed p-4 sm:flex-row sm:items-center ${
          message ? "border-red-400 bg-red-50/40" : "border-slate-300 bg-slate-50"
        }`}
      >
        <div
          className={`relative shrink-0 self-start overflow-hidden bg-white ring-1 ring-slate-200 sm:self-center ${frame}`}
        >
          {shown ? (
            <img
              src={shown}
              alt={state.status === "idle" && value ? "Current photo" : "Chosen photo"}
              onError={() => setUnreadable(shown)}
              className={`size-full object-cover ${busy ? "opacity-60" : ""}`}
            />
          ) : (
            <span
              className={`flex size-full items-center justify-center ${message ? "text-red-300" : "text-slate-400"}`}
            >
              <PhotoIcon className="size-9" />
            </span>
          )}
          {busy && (
            <span
              aria-hidden="true"
              className="absolute inset-0 flex items-center justify-center bg-navy/40 font-bold text-lg text-white"
            >
              {percent}%
            </span>
          )}
        </div>

        <div className="min-w-0 flex-1">
          <input
            ref={setRefs}
            id={id}
            name={name}
            type="file"
            accept="image/*"
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? errorId : hintId}
            onChange={pick}
            className="block w-full cursor-pointer rounded-lg text-sm text-slate-600 file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-lg file:border-0 file:bg-navy file:px-4 file:py-2.5 file:font-semibold file:text-sm file:text-white hover:file:bg-steel"
          />
          {busy && (
            <div className="mt-3 flex items-center gap-3">
              <progress
                max={100}
                value={percent}
                aria-label="Upload progress"
                className="h-2 flex-1 overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-accent-dark [&::-moz-progress-bar]:bg-accent-dark"
              />
              <span className="w-10 text-right font-medium text-slate-700 text-sm tabular-nums">
                {percent}%
              </span>
            </div>
          )}
          <p role="status" className="mt-2 text-sm empty:hidden">
            {busy && <span className="text-slate-600">Uploading the photo…</span>}
            {state.status === "done" && value && (
              <span className="inline-flex items-center gap-1.5 font-medium text-emerald-800">
                <CheckCircleIcon className="size-4" />
                Photo uploaded
              </span>
            )}
          </p>
        </div>
      </div>
      {message ? (
        <div role={state.status === "failed" ? "alert" : undefined}>
          <FieldError id={errorId} message={message} />
        </div>
      ) : (
        <p id={hintId} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}
