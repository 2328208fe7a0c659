import { Email } from "#web/components/Email";
import { errorMessage } from "#web/lib/api";
import { useSearchParams } from "#web/lib/routing/search-params";
import { useSession } from "#web/lib/session/get-session";
import { useSendVerificationEmail } from "../api/send-verification-email";

const box = "mb-6 rounded-2xl border px-5 py-4 text-[0.9375rem] leading-6";

/**
 * Above every dashboard screen until the address is verified: what to do, and "Send again". After
 * the emailed link (which returns to /dashboard?verified=1), says the address is verified.
 */
export function VerifyEmailBanner() {
  const session = useSession();
  const [searchParams] = useSearchParams();
  const send = useSendVerificationEmail();
  const user = session.data;
  if (!user) return null;

  if (user.emailVerified) {
    if (searchParams.get("verified") !== "1") return null;
    return (
      <p role="status" className={`${box} border-green-200 bg-green-50 font-medium text-green-900`}>
        Your email address <Email email={user.email} /> is verified. Thank you!
      </p>
    );
  }

  const linkFailed = searchParams.get("verified") === "1" && searchParams.has("error");
  return (
    <section
      aria-labelledby="verify-email-heading"
      className={`${box} flex flex-col gap-3 border-amber-200 bg-amber-50 text-amber-950 sm:flex-row sm:items-center sm:justify-between`}
    >
      <div>
        <h2 id="verify-email-heading" className="font-semibold">
          Please verify your email address
        </h2>
        <p>
          {linkFailed ? (
            "That verification link has expired or is not valid. Send a new one below."
          ) : (
            <>
              We sent a link to <Email email={user.email} />. Open it to confirm the address is yours.
            </>
          )}
        </p>
        {send.isSuccess && (
          <p role="status" className="mt-1 font-medium">
            A new link is on its way. It works for 24 hours.
          </p>
        )}
        {send.isError && (
          <p role="alert" className="mt-1 font-medium text-red-700">
            {errorMessage(send.error)}
          </p>
        )}
      </div>
      <button
        type="button"
        className="btn btn-secondary shrink-0"
        disabled={send.isPending}
        onClick={() => send.mutate(user.email)}
      >
        {send.isPending ? "Sending…" : "Send again"}
      </button>
    </section>
  );
}
