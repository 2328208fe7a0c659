import { useState } from "react";
import type { AdminMailKind } from "#contract/notifications";
import { FailedAlert } from "#web/components/forms/FailedAlert";
import { SettingsCard } from "#web/components/SettingsCard";
import { useChangeNotification, useNotifications } from "../api/account-settings";

/** One message kind's switch: it moves at once and goes back if the server refuses. */
function Toggle({ kind, label, enabled }: { kind: AdminMailKind; label: string; enabled: boolean }) {
  const change = useChangeNotification();
  const [checked, setChecked] = useState(enabled);
  const id = `notify-${kind}`;
  return (
    <li className="py-3">
      <div className="flex items-center justify-between gap-4">
        <label htmlFor={id} className="text-slate-700">
          {label}
        </label>
        <input
          id={id}
          type="checkbox"
          className="size-5 shrink-0 accent-orange-600"
          checked={checked}
          onChange={(e) => {
            const on = e.target.checked;
            setChecked(on);
            change.mutate({ kind, enabled: on }, { onError: () => setChecked(!on) });
          }}
        />
      </div>
      {change.isError && <FailedAlert error={change.error} className="mt-2" />}
    </li>
  );
}

/** Admins only: each admin message, on or off. Nothing for other users (the server lists no kinds). */
export function NotificationToggles() {
  const settings = useNotifications();
  const kinds = settings.data?.notifications ?? [];
  if (kinds.length === 0) return null;
  return (
    <SettingsCard title="Email notifications" intro="The messages the shop sends you as an admin.">
      <ul className="divide-y divide-slate-100">
        {kinds.map((n) => (
          <Toggle key={n.kind} {...n} />
        ))}
      </ul>
    </SettingsCard>
  );
}
