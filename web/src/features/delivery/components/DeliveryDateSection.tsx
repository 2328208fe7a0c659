import { lazy, type ReactNode, Suspense, useRef } from "react";
import { AlertIcon } from "#web/components/icons";
import { Spinner } from "#web/components/Spinner";
import { days, formatDay } from "#web/lib/delivery/delivery-date";
import { useNearViewport } from "#web/lib/use-near-viewport";

const DeliveryCalendar = lazy(async () => ({
  default: (await import("./DeliveryCalendar")).DeliveryCalendar,
}));

type DeliveryDateSectionProps = {
  /** The tools' state: their lead times give the earliest date. */
  status: "pending" | "error" | "success";
  onRetry: () => void;
  /** Today + the shortest lead time (YYYY-MM-DD); undefined until the tools are in, or with none. */
  earliest: string | undefined;
  shortestLeadTime: number | undefined;
  /** The chosen date, when it is on or after `earliest`. */
  chosen: string | undefined;
  /** A remembered date that has become too early (lead times changed since it was chosen). */
  tooEarly: string | undefined;
  onChoose: (date: string | undefined) => void;
  /** How many of the tools shown below arrive by the chosen date. */
  arriving: { count: number; of: number } | undefined;
};

/** The calendar's size, held while its code loads so nothing below moves. */
function CalendarPlaceholder({ children }: { children?: ReactNode }) {
  return <div className="flex h-[21.5rem] w-[19.25rem] items-center justify-center">{children}</div>;
}

const loadingCalendar = (
  <CalendarPlaceholder>
    <Spinner label="Loading the calendar…" variant="inline" />
  </CalendarPlaceholder>
);

/**
 * "Available Delivery Date": a calendar where days before the earliest delivery date are disabled.
 * The chosen date is remembered in the browser (delivery-date.ts) for the order form.
 */
export function DeliveryDateSection(props: DeliveryDateSectionProps) {
  const { status, earliest, shortestLeadTime, chosen, tooEarly, onChoose, arriving } = props;
  // The calendar's code loads once its box is about to scroll into view.
  const calendarBox = useRef<HTMLDivElement>(null);
  const near = useNearViewport(calendarBox, "0px 0px 100px 0px");

  let calendar: ReactNode;
  if (status === "error") {
    calendar = (
      <CalendarPlaceholder>
        <div role="alert" className="px-4 text-center">
          <AlertIcon className="mx-auto size-8 text-red-700" />
          <p className="mt-2 font-semibold text-navy">We could not load the delivery dates</p>
          <button type="button" className="btn btn-secondary mt-4" onClick={props.onRetry}>
            Try again
          </button>
        </div>
      </CalendarPlaceholder>
    );
  } else if (status === "success" && earliest === undefined) {
    calendar = (
      <CalendarPlaceholder>
        <p className="px-4 text-center text-slate-600">
          No tools are on sale right now, so there is no date to pick.
        </p>
      </CalendarPlaceholder>
    );
  } else if (!near || earliest === undefined) {
    calendar = loadingCalendar;
  } else {
    calendar = (
      <Suspense fallback={loadingCalendar}>
        <DeliveryCalendar earliest={earliest} selected={chosen} onSelect={onChoose} />
      </Suspense>
    );
  }

  return (
    <section aria-labelledby="delivery-heading" className="bg-white py-16 sm:py-20">
      <div className="mx-auto grid max-w-7xl items-start gap-10 px-4 sm:px-6 lg:grid-cols-[minmax(0,1fr)_auto] lg:gap-16 lg:px-8">
        <div>
          <p className="eyebrow">Plan your order</p>
          <h2 id="delivery-heading" className="section-title">
            Available Delivery Date
          </h2>
          <p className="section-lead">
            Pick the day your workshop needs the parts. The tools below show whether they can arrive by then,
            and the order form will suggest the same date.
          </p>

          <div className="mt-6 flex gap-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
            {/* Drawn here rather than taken from shop-icons: that chunk is not needed for the first screen. */}
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-6 shrink-0 text-accent-dark"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
            >
              <path d="M4 6a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v13a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2zM4 10h16M8 2.5v3M16 2.5v3" />
            </svg>
            <div>
              {/* Two lines held on phones, and the same sentence with or without the numbers, so
                  nothing below moves when the tools arrive. */}
              <p className="min-h-12 font-semibold text-navy sm:min-h-0">
                Earliest delivery: {earliest ? formatDay(earliest, "long") : "…"}
              </p>
              <p className="mt-1 text-sm leading-6 text-slate-600">
                That is today plus the shortest lead time in our catalogue (
                {shortestLeadTime === undefined ? "…" : days(shortestLeadTime)}). Each tool has its own lead
                time, shown on its card, so earlier days cannot be chosen.
              </p>
            </div>
          </div>

          <div className="mt-6 min-h-[4.5rem]">
            <div role="status" data-testid="delivery-date-status">
              {chosen ? (
                <>
                  <p className="text-lg text-navy">
                    Your delivery date: <strong>{formatDay(chosen, "long")}</strong>
                  </p>
                  {arriving && (
                    <p className="mt-1 text-slate-600">
                      {arriving.count} of the {arriving.of} tools below can arrive by then.
                    </p>
                  )}
                </>
              ) : (
                <p className="text-slate-600">
                  {tooEarly
                    ? `Your saved date, ${formatDay(tooEarly, "long")}, is now too early. Please pick another day.`
                    : "No date chosen yet: pick one in the calendar."}
                </p>
              )}
            </div>
            {chosen && (
              <button
                type="button"
                className="mt-3 text-sm font-semibold text-accent-dark underline underline-offset-4 hover:text-accent-darker"
                onClick={() => onChoose(undefined)}
              >
                Clear the date
              </button>
            )}
          </div>
        </div>

        <div
          ref={calendarBox}
          className="justify-self-center rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4 lg:justify-self-end"
        >
          {calendar}
        </div>
      </div>
    </section>
  );
}
