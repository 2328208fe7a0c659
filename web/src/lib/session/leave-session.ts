import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { onUnauthorized } from "../api";
import { forgetSession } from "./get-session";

/**
 * Leaves the signed-in state on this page: goes to /, then forgets the session. (A login-required
 * page still on screen when the session goes sends the user to / as well: see RequireAuth.)
 */
export function useLeaveSession() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await navigate("/");
    forgetSession(queryClient);
  }, [navigate, queryClient]);
}

/**
 * Any API call answering 401 means the session ended: sign out here and go to / (spec §4). Every
 * page runs it (RootLayout), so it lives apart from Sign Out's mutation (sign-out.ts): TanStack
 * Query's mutations stay out of a first visit's code.
 */
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
