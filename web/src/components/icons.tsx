import type { ReactNode, SVGProps } from "react";

// Small inline icons (decorative: the control around each one carries the accessible name).
export type IconProps = { className?: string };

/** How an icon's svg is painted (what its shapes do not set themselves). */
const paints = {
  /** Outlines in the text colour. */
  line: { fill: "none", stroke: "currentColor" },
  /** Solid shapes in the text colour. */
  solid: { fill: "currentColor" },
  /** Not filled; each shape sets its own stroke. */
  unfilled: { fill: "none" },
  /** Each shape sets its own colours. */
  own: {},
} as const;

type IconBaseProps = Omit<SVGProps<SVGSVGElement>, "className" | "fill" | "stroke" | "children"> & {
  className: string;
  paint?: keyof typeof paints;
  children: ReactNode;
};

/** The svg of every icon: hidden from assistive technology, 24 units square unless told. */
export function Icon({ className, paint = "line", viewBox = "0 0 24 24", children, ...svg }: IconBaseProps) {
  return (
    <svg aria-hidden="true" viewBox={viewBox} className={className} {...paints[paint]} {...svg}>
      {children}
    </svg>
  );
}

/** An outline icon of one path, with round strokes 1.8 units wide. */
export function LineIcon({ d, className }: { d: string; className: string }) {
  return (
    <Icon className={className} strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <path d={d} />
    </Icon>
  );
}

/** Round stroke ends and joins, for the shapes of an outline icon. */
export const roundStroke = (strokeWidth: "1.8" | "2") =>
  ({ strokeWidth, strokeLinecap: "round", strokeLinejoin: "round" }) as const;

export function MenuIcon({ className = "size-6" }: IconProps) {
  return (
    <Icon className={className}>
      <path d="M4 7h16M4 12h16M4 17h16" strokeWidth="2" strokeLinecap="round" />
    </Icon>
  );
}

export function CloseIcon({ className = "size-6" }: IconProps) {
  return (
    <Icon className={className}>
      <path d="M6 6l12 12M18 6L6 18" strokeWidth="2" strokeLinecap="round" />
    </Icon>
  );
}

export function FacebookIcon({ className = "size-5" }: IconProps) {
  return (
    <Icon className={className} paint="solid">
      <path d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4a21 21 0 0 0-2.4-.1c-2.4 0-4 1.4-4 4.1v2.1H7.7v3h2.6V21h3.2z" />
    </Icon>
  );
}

export function XIcon({ className = "size-5" }: IconProps) {
  return (
    <Icon className={className} paint="solid">
      <path d="M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.2-8.3L1.8 3h6.4l4.4 5.8L17.8 3zm-1.1 16.2h1.7L7.4 4.7H5.6l11.1 14.5z" />
    </Icon>
  );
}

export function YouTubeIcon({ className = "size-5" }: IconProps) {
  return (
    <Icon className={className} paint="solid">
      <path d="M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4a2.5 2.5 0 0 0-1.8 1.8C2 8.8 2 12 2 12s0 3.2.4 4.8a2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8c.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8zM10 15V9l5.2 3-5.2 3z" />
    </Icon>
  );
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

export function ChevronLeftIcon({ className = "size-4" }: IconProps) {
  return (
    <Icon className={className}>
      <path d="M15 5l-7 7 7 7" {...roundStroke("2")} />
    </Icon>
  );
}

export function ChevronRightIcon({ className = "size-4" }: IconProps) {
  return (
    <Icon className={className}>
      <path d="M9 5l7 7-7 7" {...roundStroke("2")} />
    </Icon>
  );
}

export function AlertIcon({ className = "size-6" }: IconProps) {
  return (
    <Icon className={className}>
      <path
        d="M12 9v4m0 4h.01M10.3 3.9L1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z"
        {...roundStroke("1.8")}
      />
    </Icon>
  );
}

export function BoxIcon({ className = "size-6" }: IconProps) {
  return (
    <Icon className={className}>
      <path d="M21 8l-9-5-9 5v8l9 5 9-5V8zM3 8l9 5 9-5M12 13v8" {...roundStroke("1.8")} />
    </Icon>
  );
}

export function SidebarIcon({ className = "size-5" }: IconProps) {
  return (
    <Icon className={className}>
      <rect x="3" y="4" width="18" height="16" rx="2" strokeWidth="1.8" />
      <path d="M9 4v16" strokeWidth="1.8" />
    </Icon>
  );
}
