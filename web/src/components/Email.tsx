/** An email that may wrap just before its @ on narrow columns (and anywhere, if it still does not fit). */
export function Email({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  if (at <= 0) return <span className="[overflow-wrap:anywhere]">{email}</span>;
  return (
    <span className="[overflow-wrap:anywhere]">
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </span>
  );
}
