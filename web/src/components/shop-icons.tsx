// Line icons of the storefront (benefits, info cards, delivery marks). Decorative: the text beside
// each one says the same thing.
import { Icon, type IconProps, LineIcon, roundStroke } from "./icons";

/** This file's icons are size-6 unless told. */
function Line({ d, className = "size-6" }: IconProps & { d: string }) {
  return <LineIcon d={d} className={className} />;
}

export function TruckIcon(props: IconProps) {
  return (
    <Line
      {...props}
      d="M2.5 6.5h11v9h-11zM13.5 9.5h4l3 3.2v2.8h-7M7 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM17 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4z"
    />
  );
}

export function TagIcon(props: IconProps) {
  return (
    <Line {...props} d="M20.6 13.4l-7.2 7.2a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8zM7.5 7.5h.01" />
  );
}

export function ShieldCheckIcon(props: IconProps) {
  return <Line {...props} d="M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6l8-3zM8.5 12l2.5 2.5 4.5-5" />;
}

export function ClockIcon(props: IconProps) {
  return <Line {...props} d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 2" />;
}

export function MapPinIcon(props: IconProps) {
  return (
    <Line
      {...props}
      d="M12 21s-7-6.1-7-11a7 7 0 0 1 14 0c0 4.9-7 11-7 11zM12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z"
    />
  );
}

export function PhoneIcon(props: IconProps) {
  return (
    <Line
      {...props}
      d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z"
    />
  );
}

export function CheckCircleIcon(props: IconProps) {
  return <Line {...props} d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM8.5 12.5l2.5 2.5 4.5-5" />;
}

export function ArrowRightIcon(props: IconProps) {
  return <Line {...props} d="M5 12h14M13 6l6 6-6 6" />;
}

export function UsersIcon(props: IconProps) {
  return (
    <Line
      {...props}
      d="M16 20v-1a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v1M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM22 20v-1a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8"
    />
  );
}

export function ChatIcon(props: IconProps) {
  return <Line {...props} d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />;
}

export function MailIcon(props: IconProps) {
  return <Line {...props} d="M3 6h18v12H3zM3 7l9 6 9-6" />;
}

export function WrenchIcon({ className = "size-6" }: IconProps) {
  return (
    <Icon className={className}>
      <path
        d="M14.7 6.3a4 4 0 0 0 5 5l-8.9 8.9a2.1 2.1 0 0 1-3-3l8.9-8.9a4 4 0 0 0-2-2zM14.7 6.3l2.3-2.3a4 4 0 0 1 3 3l-2.3 2.3"
        {...roundStroke("1.8")}
      />
    </Icon>
  );
}
