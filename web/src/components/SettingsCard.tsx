import { type ReactNode, useId } from "react";

/** One part of a settings screen (Account settings, Invoicing): a titled white card. */
export function SettingsCard({
  title,
  children,
  intro,
  tone = "normal",
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  tone?: "normal" | "danger";
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={`rounded-2xl border bg-white p-5 shadow-sm sm:p-6 ${tone === "danger" ? "border-red-200" : "border-slate-200"}`}
    >
      <h2 id={id} className={`font-semibold text-lg ${tone === "danger" ? "text-red-800" : "text-navy"}`}>
        {title}
      </h2>
      {intro && <p className="mt-1 text-slate-600 text-sm">{intro}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A short green line after a change went through. */
export function Saved({ children }: { children: ReactNode }) {
  return (
    <p
      role="status"
      className="rounded-lg bg-emerald-50 px-4 py-3 text-emerald-800 text-sm ring-1 ring-emerald-200"
    >
      {children}
    </p>
  );
}
