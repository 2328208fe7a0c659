import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { ApiError, apiFetch, errorMessage, onUnauthorized } from "../api";
import { toast } from "../toast";
import { forgetSession } from "./get-session";

/** POST /api/auth/sign-out: ends the session on the server and clears its cookie. */
export async function signOut(): Promise<void> {
  await apiFetch("/api/auth/sign-out", { method: "POST", json: {}, expectUnauthorized: true });
}

/**
 * Leaves the signed-in state on this page: goes to /, then forgets the session. (A login-required
 * page still on screen when the session goes sends the user to / as well: see RequireAuth.)
 */
function useLeaveSession() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await navigate("/");
    forgetSession(queryClient);
  }, [navigate, queryClient]);
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

/** Any API call answering 401 means the session ended: sign out here and go to / (spec §4). */
export function useSignOutOnUnauthorized() {
  const leave = useLeaveSession();
  const leaving = useRef(false);
  useEffect(
    () =>
      onUnauthorized(() => {
        // Several calls may fail at once; one sign-out is enough.
        if (leaving.current) return;
        leaving.current = true;
        void leave().finally(() => {
          leaving.current = false;
        });
      }),
    [leave],
  );
}
