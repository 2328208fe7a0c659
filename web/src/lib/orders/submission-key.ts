import { useRef } from "react";
import { newIdempotencyKey, wasUnanswered } from "../api";

/**
 * One Idempotency-Key per submitted form: the same key while the same body is sent again after
 * going unanswered (the buyer pressing the button again after a network failure), a new one once
 * the shop has answered or the body changed.
 */
export function useSubmissionKey() {
  const last = useRef<{ body: string; key: string } | undefined>(undefined);
  return {
    keyFor(body: unknown): string {
      const text = JSON.stringify(body);
      if (last.current?.body !== text) last.current = { body: text, key: newIdempotencyKey() };
      return last.current.key;
    },
    /** The call ended: an answer of the shop's own closes the key; an unanswered one keeps it. */
    settled(error: unknown): void {
      if (!wasUnanswered(error)) last.current = undefined;
    },
  };
}
