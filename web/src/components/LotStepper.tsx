import type { ReactNode } from "react";

function StepButton({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled: boolean;
  children: string;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      disabled={disabled}
      className="mt-1.5 flex w-12 shrink-0 items-center justify-center rounded-lg border border-slate-300 bg-white font-bold text-navy text-xl hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40"
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}

type LotStepperProps = {
  /** The lot's step in pieces, named on the buttons ("Fewer pieces (10 less)"). */
  step: number;
  /** One lot down (-1) or up (1): the caller moves the quantity with `nextLot` (contract/lot-rules). */
  onStep: (direction: 1 | -1) => void;
  fewerDisabled: boolean;
  moreDisabled: boolean;
  /** The quantity's own input between the buttons. */
  children: ReactNode;
  className?: string;
};

/**
 * A quantity in a tool's lots: − and + around the quantity's input (text, so no native spinners
 * beside them). The tool page's order form and the cart's lines use it.
 */
export function LotStepper({
  step,
  onStep,
  fewerDisabled,
  moreDisabled,
  children,
  className,
}: LotStepperProps) {
  const count = step.toLocaleString("en-US");
  return (
    <div className={`flex gap-2 ${className ?? ""}`}>
      <StepButton label={`Fewer pieces (${count} less)`} onClick={() => onStep(-1)} disabled={fewerDisabled}>
        −
      </StepButton>
      {children}
      <StepButton label={`More pieces (${count} more)`} onClick={() => onStep(1)} disabled={moreDisabled}>
        +
      </StepButton>
    </div>
  );
}
