import { useQueryClient } from "@tanstack/react-query";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { useNavigate } from "react-router";
import { errorMessage } from "#web/lib/api";
import { useSearchParams } from "#web/lib/routing/search-params";
import { refreshSession, type SessionUser, useSession } from "#web/lib/session/get-session";
import { googleErrorMessage } from "../api/sign-in-with-google";

/** The sign-in or sign-up call (useSignIn, useSignUp). */
type AuthMutation<TValues> = {
  mutateAsync: (values: TValues) => Promise<unknown>;
  isError: boolean;
  error: unknown;
};

type AuthSubmit = {
  onSubmit: ReturnType<UseFormReturn["handleSubmit"]>;
  /** The message above the button: the server's answer, or why Google sign-in came back (`?error=`). */
  serverError: string | null;
  /** The user who opened the screen signed in already (not one this form has just signed in). */
  signedIn: SessionUser | null;
};

/**
 * What the login and sign-up screens share: sending the form, then reading the new session and going on
 * to `target` (replacing the screen in the history); the message above the button; and the user who
 * is signed in already.
 */
export function useAuthSubmit<TInput extends FieldValues, TValues>(
  form: UseFormReturn<TInput, unknown, TValues>,
  mutation: AuthMutation<TValues>,
  target: string,
): AuthSubmit {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const { isSubmitting, isSubmitSuccessful } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync(values);
    } catch {
      return; // The server's message shows above the button.
    }
    await refreshSession(queryClient).catch(() => null);
    await navigate(target, { replace: true });
  });

  const googleError = searchParams.get("error");
  const serverError = mutation.isError
    ? errorMessage(mutation.error)
    : googleError && googleErrorMessage(googleError);
  const signedIn = session.data && !isSubmitting && !isSubmitSuccessful ? session.data : null;
  return { onSubmit, serverError: serverError || null, signedIn };
}
