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
