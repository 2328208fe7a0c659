import { type ComponentProps, lazy, Suspense, useSyncExternalStore } from "react";
import type { ExternalToast, Toaster as SonnerToaster } from "sonner";

// Toasts through sonner, which is about 14 KB gzipped: more than a tenth of a first visit's
// JavaScript budget. So sonner loads with the first toast, not with the page. Use these in place of
// sonner's own `toast` and `<Toaster>`; toasts shown while it loads appear once it is there (sonner
// replays them to its Toaster).

const loadSonner = () => import("sonner");

let wanted = false;
const subscribers = new Set<() => void>();

function subscribe(onChange: () => void): () => void {
  subscribers.add(onChange);
  return () => subscribers.delete(onChange);
}

type Kind = "success" | "info" | "warning" | "error";

function show(kind: Kind, message: string, data?: ExternalToast): void {
  if (!wanted) {
    wanted = true;
    for (const onChange of subscribers) onChange();
  }
  void loadSonner().then(({ toast: sonnerToast }) => sonnerToast[kind](message, data));
}

/** sonner's toast.success / info / warning / error, loading sonner on first use. */
export const toast = {
  success: (message: string, data?: ExternalToast) => show("success", message, data),
  info: (message: string, data?: ExternalToast) => show("info", message, data),
  warning: (message: string, data?: ExternalToast) => show("warning", message, data),
  error: (message: string, data?: ExternalToast) => show("error", message, data),
};

const LazyToaster = lazy(async () => ({ default: (await loadSonner()).Toaster }));

/** sonner's Toaster, rendered from the first toast on. */
export function Toaster(props: ComponentProps<typeof SonnerToaster>) {
  const show = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster {...props} />
    </Suspense>
  );
}
