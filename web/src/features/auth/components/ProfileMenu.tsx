import { useEffect, useId, useRef, useState } from "react";
import { ChevronDownIcon } from "#web/components/auth-icons";
import { Link } from "#web/components/Link";
import { UserAvatar } from "#web/components/UserAvatar";
import type { SessionUser } from "#web/lib/session/get-session";
import { accountLinks, SignOutButton, UserSummary } from "./AccountMenuItems";

const itemClass =
  "flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-[0.9375rem] font-medium text-steel hover:bg-slate-100 hover:text-navy disabled:cursor-not-allowed disabled:opacity-60";

/**
 * The signed-in user's photo as a button opening Your Profile, Your Portfolio and Sign Out
 * (a disclosure: Tab moves through the items; Escape, a click outside or leaving it closes it).
 */
export function ProfileMenu({ user }: { user: SessionUser }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    // Tabbing out of the menu closes it.
    const onFocusOut = (event: FocusEvent) => {
      if (!container.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
    };
    const element = container.current;
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    element?.addEventListener("focusout", onFocusOut);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
      element?.removeEventListener("focusout", onFocusOut);
    };
  }, [open]);

  return (
    <div ref={container} className="relative">
      <button
        ref={button}
        type="button"
        aria-label="Profile menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        className="flex items-center gap-1.5 rounded-full p-1 pr-2 text-steel hover:bg-slate-100 hover:text-navy"
      >
        <UserAvatar image={user.image} size={36} />
        <ChevronDownIcon className={`size-4 transition-transform ${open ? "rotate-180" : ""}`} />
      </button>
      <div
        id={menuId}
        hidden={!open}
        className="absolute top-full right-0 z-50 mt-2 w-80 rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
      >
        <UserSummary
          user={user}
          className="flex items-center gap-3 border-slate-100 border-b px-3 pt-2 pb-3"
        />
        <ul className="mt-2 space-y-0.5">
          {accountLinks.map(({ to, label, Icon }) => (
            <li key={to}>
              <Link to={to} className={itemClass} onClick={() => setOpen(false)}>
                <Icon className="size-5 text-slate-500" />
                {label}
              </Link>
            </li>
          ))}
          <li className="mt-1 border-slate-100 border-t pt-1">
            <SignOutButton className={itemClass} />
          </li>
        </ul>
      </div>
    </div>
  );
}
