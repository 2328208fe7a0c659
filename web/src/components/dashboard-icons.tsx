// Line icons of the dashboard's forms and lists (photos, tools, profiles, portfolios, reviews, inbox).
// Decorative: the control or text beside each one says the same thing.
import { Icon, type IconProps, LineIcon } from "./icons";

/** This file's icons are size-5 unless told. */
function Line({ d, className = "size-5" }: IconProps & { d: string }) {
  return <LineIcon d={d} className={className} />;
}

export function PhotoIcon(props: IconProps) {
  return (
    <Line
      {...props}
      d="M4 5h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zM3 16l5-5 4 4 3-3 6 6M15.5 9.5a1.5 1.5 0 1 0 0-.01"
    />
  );
}

export function TrashIcon(props: IconProps) {
  return (
    <Line {...props} d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
  );
}

export function ExternalLinkIcon(props: IconProps) {
  return <Line {...props} d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />;
}

export function PencilIcon(props: IconProps) {
  return <Line {...props} d="M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4" />;
}

export function GraduationIcon(props: IconProps) {
  return <Line {...props} d="M2 9l10-5 10 5-10 5zM6 11v5c0 1.5 3 3 6 3s6-1.5 6-3v-5M22 9v6" />;
}

export function ReplyIcon(props: IconProps) {
  return <Line {...props} d="M10 8L4 13l6 5M4 13h10a6 6 0 0 1 6 6v1" />;
}

export function InboxIcon(props: IconProps) {
  return <Line {...props} d="M3 13l3-8h12l3 8v6a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1zM3 13h5l1.5 3h5l1.5-3h5" />;
}

export function PlusIcon(props: IconProps) {
  return <Line {...props} d="M12 5v14M5 12h14" />;
}

export function SidebarIcon({ className = "size-5" }: IconProps) {
  return (
    <Icon className={className}>
      <rect x="3" y="4" width="18" height="16" rx="2" strokeWidth="1.8" />
      <path d="M9 4v16" strokeWidth="1.8" />
    </Icon>
  );
}
