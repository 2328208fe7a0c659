import { useMakeAdmin } from "../api/make-admin";

/** Make Admin for one user; busy until the list shows the new role. */
export function MakeAdminButton({
  email,
  name,
  className = "",
}: {
  email: string;
  name: string;
  className?: string;
}) {
  const makeAdmin = useMakeAdmin();
  return (
    <button
      type="button"
      className={`btn btn-secondary min-h-10 whitespace-nowrap px-3.5 py-2 text-sm ${className}`}
      disabled={makeAdmin.isPending}
      onClick={() => makeAdmin.mutate(email)}
    >
      {makeAdmin.isPending ? "Making admin…" : "Make Admin"}
      <span className="sr-only"> {name}</span>
    </button>
  );
}
