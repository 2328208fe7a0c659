import { useId } from "react";
import { useNavigate } from "react-router";
import { isToolSort, toolSearchMaxLength } from "#contract/tool-search";
import type { ToolsView } from "#web/lib/catalog/get-tools";
import { sortLabels, toolsViewHref } from "../tools-view-param";

const controlClass =
  "min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-navy text-sm shadow-sm focus:border-accent-dark focus:outline-none focus:ring-3 focus:ring-orange-200";

/**
 * The /tools page's search box, sort choice and "Orderable now" switch. Each change is a new
 * address (shareable; Back returns to the previous view) at page 1.
 */
export function ToolFinder({ view }: { view: ToolsView }) {
  const navigate = useNavigate();
  const searchId = useId();
  const sortId = useId();
  const show = (next: ToolsView) => void navigate(toolsViewHref(next));

  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
      <search className="w-full lg:max-w-md">
        <form
          className="flex gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            const q = new FormData(event.currentTarget).get("q");
            show({ ...view, q: typeof q === "string" ? q.trim() || undefined : undefined });
          }}
        >
          <label htmlFor={searchId} className="sr-only">
            Search tools
          </label>
          <input
            // A new address (Back, a link) puts its own search in the box.
            key={view.q ?? ""}
            id={searchId}
            type="search"
            name="q"
            defaultValue={view.q ?? ""}
            maxLength={toolSearchMaxLength}
            placeholder="Name, description or part number"
            className={`${controlClass} min-w-0 flex-1`}
          />
          <button type="submit" className="btn btn-primary">
            Search
          </button>
        </form>
      </search>

      <div className="flex flex-wrap items-center gap-x-5 gap-y-3">
        <div className="flex items-center gap-2">
          <label htmlFor={sortId} className="font-semibold text-sm text-steel">
            Sort by
          </label>
          <select
            id={sortId}
            value={view.sort ?? ""}
            onChange={(event) => {
              const sort = event.target.value;
              show({ ...view, sort: isToolSort(sort) ? sort : undefined });
            }}
            className={`${controlClass} pr-8 font-medium`}
          >
            {Object.entries(sortLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <label className="flex min-h-11 cursor-pointer items-center gap-2 font-semibold text-sm text-steel">
          <input
            type="checkbox"
            role="switch"
            aria-checked={view.orderable ?? false}
            checked={view.orderable ?? false}
            onChange={(event) => show({ ...view, orderable: event.target.checked })}
            className="size-5 accent-accent-dark"
          />
          Orderable now
        </label>
      </div>
    </div>
  );
}
