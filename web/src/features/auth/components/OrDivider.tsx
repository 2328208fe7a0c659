/** The "or" line between the email form and Google sign-in. */
export function OrDivider() {
  return (
    <div className="my-6 flex items-center gap-3" aria-hidden="true">
      <span className="h-px flex-1 bg-slate-200" />
      <span className="font-semibold text-slate-500 text-xs uppercase tracking-widest">or</span>
      <span className="h-px flex-1 bg-slate-200" />
    </div>
  );
}
