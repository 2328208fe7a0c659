import { DayPicker, type Modifiers } from "react-day-picker";
import "react-day-picker/style.css";
import { addDays, formatDay, parseIsoDate, toIsoDate } from "#web/lib/delivery/delivery-date";

type DeliveryCalendarProps = {
  /** The first day that can be chosen (YYYY-MM-DD); earlier days, past ones included, are disabled. */
  earliest: string;
  selected: string | undefined;
  onSelect: (date: string | undefined) => void;
};

/**
 * A day button's name, "Monday, March 16, 2026": it holds the number the button shows as a word of
 * its own (react-day-picker's "March 16th" does not, which screen-reader voice control trips on).
 */
function dayButtonLabel(date: Date, modifiers: Modifiers): string {
  const day = formatDay(toIsoDate(date), "long");
  return `${modifiers.today ? "Today, " : ""}${day}${modifiers.selected ? ", selected" : ""}`;
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
