import { useMutation } from "@tanstack/react-query";
import { ApiError, apiFetch, errorMessage } from "../api";
import { toast } from "../toast";
import { useLeaveSession } from "./leave-session";

/** POST /api/auth/sign-out: ends the session on the server and clears its cookie. */
export async function signOut(): Promise<void> {
  await apiFetch("/api/auth/sign-out", { method: "POST", json: {}, expectUnauthorized: true });
}

/** Sign Out: ends the session on the server, forgets it here and goes to /. */
export function useSignOut() {
  const leave = useLeaveSession();
  return useMutation({
    mutationFn: signOut,
    onSuccess: leave,
    onError: async (error) => {
      // No session on the server any more: signed out all the same.
      if (error instanceof ApiError && error.status === 401) return leave();
      toast.error("We could not sign you out", { description: errorMessage(error) });
    },
  });
}
