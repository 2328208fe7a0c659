import { DayPicker, type Modifiers } from "react-day-picker";
import "react-day-picker/style.css";
import { addDays, parseIsoDate, toIsoDate } from "#web/lib/delivery/delivery-date";

type DeliveryCalendarProps = {
  /** The first day that can be chosen (YYYY-MM-DD); earlier days, past ones included, are disabled. */
  earliest: string;
  selected: string | undefined;
  onSelect: (date: string | undefined) => void;
};

const dayNumberFirst = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric" });
const weekday = new Intl.DateTimeFormat("en-US", { weekday: "long" });

/**
 * A day button's name starts with the number it shows, "16 March 2026, Monday", so voice control
 * users can say what they see (react-day-picker's own "Monday, March 16th, 2026" does not).
 */
function dayButtonLabel(date: Date, modifiers: Modifiers): string {
  const day = `${dayNumberFirst.format(date)}, ${weekday.format(date)}`;
  return `${day}${modifiers.today ? ", today" : ""}${modifiers.selected ? ", selected" : ""}`;
}

/** How far ahead a delivery can be planned. */
const planningDays = 365;

/**
 * The month calendar of the delivery date (react-day-picker). Its own chunk: the home page loads it
 * when the date area comes near the screen.
 */
export function DeliveryCalendar({ earliest, selected, onSelect }: DeliveryCalendarProps) {
  const first = parseIsoDate(earliest);
  if (!first) return null;
  const last = parseIsoDate(addDays(earliest, planningDays)) ?? first;
  const chosen = selected ? parseIsoDate(selected) : undefined;

  return (
    <DayPicker
      mode="single"
      selected={chosen}
      onSelect={(date) => onSelect(date ? toIsoDate(date) : undefined)}
      disabled={{ before: first }}
      defaultMonth={chosen ?? first}
      startMonth={first}
      endMonth={last}
      fixedWeeks
      showOutsideDays
      labels={{ labelDayButton: dayButtonLabel }}
      className="delivery-calendar"
    />
  );
}
