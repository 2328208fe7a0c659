import { useId } from "react";
import type { User } from "#contract/accounts";

/**
 * Make Admin for one user: asks first (`onAsk` opens the confirmation naming them). An account whose
 * address is not verified cannot be made an admin (the server refuses it too): the button is off and
 * says why.
 */
export function MakeAdminButton({
  user,
  onAsk,
  className = "",
}: {
  user: User;
  onAsk: (user: User) => void;
  className?: string;
}) {
  const reasonId = useId();
  const unverified = !user.emailVerified;
  return (
    <div className={className}>
      <button
        type="button"
        className="btn btn-secondary min-h-10 w-full whitespace-nowrap px-3.5 py-2 text-sm md:w-auto"
        disabled={unverified}
        aria-describedby={unverified ? reasonId : undefined}
        onClick={() => onAsk(user)}
      >
        Make Admin
        <span className="sr-only"> {user.name}</span>
      </button>
      {unverified && (
        <p id={reasonId} className="mt-1 whitespace-nowrap text-slate-600 text-xs">
          Email not verified yet
        </p>
      )}
    </div>
  );
}
