import { useReducer, useState } from "react";
import { type TokenAnswer, tokenMessages } from "#contract/api-tokens";
import { ConfirmDialog } from "#web/components/ConfirmDialog";
import { FailedAlert } from "#web/components/forms/FailedAlert";
import { OneTimeSecret } from "#web/components/OneTimeSecret";
import { SettingsCard } from "#web/components/SettingsCard";
import { Spinner } from "#web/components/Spinner";
import { errorMessage } from "#web/lib/api";
import { shownOnce } from "#web/lib/secrets/shown-once";
import { toast } from "#web/lib/toast";
import { useRevokeToken, useTokens } from "../api/access-tokens";
import { NewTokenForm } from "./NewTokenForm";
import { TokenList } from "./TokenList";

/** Account settings → Access tokens: for the user's own software, through the API (issue 29). */
export function AccessTokens() {
  const tokens = useTokens();
  const revoke = useRevokeToken();
  const [secret, dispatch] = useReducer(shownOnce, null);
  // The token Revoke was pressed for, kept while the dialog closes (it fades with its name).
  const [asked, setAsked] = useState<{ token: TokenAnswer; open: boolean } | null>(null);
  return (
    <SettingsCard
      title="Access tokens"
      intro={
        <>
          Your own software (stock, purchasing) uses a token to read the catalog, order and download invoices
          as you, within the scopes you choose. The API is described in the{" "}
          {/* Served by the server, not by this app. */}
          <a href="/api/docs" className="font-semibold text-accent-dark underline underline-offset-4">
            API reference
          </a>
          .
        </>
      }
    >
      <div className="space-y-6">
        {tokens.isPending ? (
          <Spinner label="Loading your tokens…" variant="inline" />
        ) : tokens.isError ? (
          <FailedAlert error={tokens.error} />
        ) : (
          <TokenList tokens={tokens.data} onRevoke={(token) => setAsked({ token, open: true })} />
        )}
        <div className="border-slate-100 border-t pt-5">
          <h3 className="mb-4 font-semibold text-navy">New access token</h3>
          {secret && (
            <div className="mb-5">
              <OneTimeSecret
                label={secret.label}
                value={secret.value}
                onClose={() => dispatch({ type: "closed" })}
              >
                Copy it now and keep it somewhere safe: it is not shown again. Send it as{" "}
                <code className="font-mono">Authorization: Bearer …</code>
              </OneTimeSecret>
            </div>
          )}
          <NewTokenForm
            onCreated={(created) => {
              dispatch({ type: "created", label: `Your new token "${created.name}"`, value: created.token });
              toast.success(tokenMessages.created);
            }}
          />
        </div>
      </div>
      <ConfirmDialog
        open={asked?.open ?? false}
        title={asked ? `Revoke "${asked.token.name}"?` : "Revoke this token?"}
        text="Software using this token stops working at once. This cannot be undone."
        confirmLabel="Revoke"
        busyLabel="Revoking…"
        onClose={() => setAsked((a) => a && { ...a, open: false })}
        onConfirm={async () => {
          if (!asked) return;
          try {
            await revoke.mutateAsync(asked.token.id);
            toast.success(tokenMessages.revoked);
          } catch (error) {
            toast.error(errorMessage(error));
            throw error;
          }
        }}
      />
    </SettingsCard>
  );
}
