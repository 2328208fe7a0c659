import { useId, useState } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { FieldError } from "#web/components/FormField";

const starPath = "M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9L12 2.8z";
const words = ["", "Poor", "Fair", "Good", "Very good", "Excellent"] as const;

type StarPickerProps = {
  /** react-hook-form's `register("rating")`: the five radio buttons share it. */
  registration: UseFormRegisterReturn;
  /** The chosen rating, 0 while there is none. */
  value: number;
  error?: string | undefined;
};

/**
 * A rating from 1 to 5 as a radio group drawn as stars: arrow keys move between them, screen
 * readers hear "4 stars, Very good", and the stars up to the pointer light up as a preview.
 */
export function StarPicker({ registration, value, error }: StarPickerProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const [hovered, setHovered] = useState(0);
  const lit = hovered || value;
  return (
    <fieldset>
      <legend className="block text-sm font-semibold text-steel">Rating</legend>
      <div className="mt-1.5 flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="-ml-1 flex">
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              onMouseEnter={() => setHovered(n)}
              onMouseLeave={() => setHovered(0)}
              className="cursor-pointer rounded-md p-1 outline-accent-dark outline-offset-0 has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-solid"
            >
              <input
                type="radio"
                value={n}
                className="sr-only"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                {...registration}
              />
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className={`size-9 transition-colors sm:size-10 ${
                  n <= lit ? "fill-amber-500 text-amber-600" : "fill-white text-slate-500"
                }`}
              >
                <path d={starPath} stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
              </svg>
              <span className="sr-only">
                {n} {n === 1 ? "star" : "stars"}, {words[n]}
              </span>
            </label>
          ))}
        </div>
        <p aria-hidden="true" className="min-w-24 font-medium text-slate-700 text-sm">
          {lit ? `${lit} of 5 · ${words[lit]}` : "Choose 1 to 5 stars"}
        </p>
      </div>
      {error && <FieldError id={errorId} message={error} />}
    </fieldset>
  );
}
