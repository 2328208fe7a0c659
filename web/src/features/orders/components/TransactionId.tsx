/** A payment's transaction id: monospaced, and free to wrap anywhere on a narrow screen. */
export function TransactionId({ id }: { id: string }) {
  return (
    <span className="block text-slate-600 text-xs">
      Transaction id{" "}
      <code data-testid="transaction-id" className="font-mono text-navy [overflow-wrap:anywhere]">
        {id}
      </code>
    </span>
  );
}
