import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ChangeEmailInput, ChangePasswordInput, DeleteAccountInput } from "#contract/account-settings";
import { emailChangedReturnPath } from "#contract/account-settings";
import type { AdminMailKind } from "#contract/notifications";
import { apiFetch, apiJson, lazySchema } from "#web/lib/api";
import { forgetSession, refreshSession } from "#web/lib/session/get-session";

/** POST /api/auth/update-user: the name (sign-up rules) and the photo (one uploaded here; null removes it). */
export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: { name: string; image: string | null }) => {
      await apiFetch("/api/auth/update-user", { method: "POST", json: changes });
    },
    onSuccess: () => refreshSession(queryClient),
  });
}

/** POST /api/auth/change-password: needs the current password; every other device is signed out. */
export function useChangePassword() {
  return useMutation({
    mutationFn: async ({ currentPassword, newPassword }: ChangePasswordInput) => {
      await apiFetch("/api/auth/change-password", {
        method: "POST",
        json: { currentPassword, newPassword, revokeOtherSessions: true },
      });
    },
  });
}

/** POST /api/auth/change-email: mails a link to the new address; the account changes once it is opened. */
export function useChangeEmail() {
  return useMutation({
    mutationFn: async ({ newEmail }: ChangeEmailInput) => {
      await apiFetch("/api/auth/change-email", {
        method: "POST",
        json: { newEmail, callbackURL: emailChangedReturnPath },
      });
    },
  });
}

/** GET /api/account/export, saved as a JSON file. */
export async function downloadMyData(): Promise<void> {
  const response = await apiFetch("/api/account/export");
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = "car-mechanic-my-data.json";
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** DELETE /api/account with the password; then nobody is signed in on this page. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: DeleteAccountInput) => {
      await apiFetch("/api/account", { method: "DELETE", json: input });
    },
    onSuccess: () => forgetSession(queryClient),
  });
}

const notificationsKey = ["account", "notifications"] as const;

const settingsSchema = lazySchema(() =>
  import("#contract/answers").then((a) => a.notificationSettingsAnswer),
);

/** GET /api/account/notifications: the admin messages the caller receives (none for other users). */
export function useNotifications() {
  return useQuery({
    queryKey: notificationsKey,
    queryFn: ({ signal }) => apiJson("/api/account/notifications", settingsSchema, { signal }),
  });
}

/** PUT /api/account/notifications: one kind on or off. */
export function useChangeNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, enabled }: { kind: AdminMailKind; enabled: boolean }) =>
      apiJson("/api/account/notifications", settingsSchema, { method: "PUT", json: { [kind]: enabled } }),
    onSuccess: (settings) => queryClient.setQueryData(notificationsKey, settings),
  });
}
