import { DayPicker } from "react-day-picker";
import "react-day-picker/style.css";
import { addDays, parseIsoDate, toIsoDate } from "#web/lib/delivery/delivery-date";

type DeliveryCalendarProps = {
  /** The first day that can be chosen (YYYY-MM-DD); earlier days, past ones included, are disabled. */
  earliest: string;
  selected: string | undefined;
  onSelect: (date: string | undefined) => void;
};

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
      className="delivery-calendar"
    />
  );
}
