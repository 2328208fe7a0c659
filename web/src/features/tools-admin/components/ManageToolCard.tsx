import type { Tool } from "../../../../../contract/catalog";
import { formatDollars } from "../../../../../contract/money";
import { descriptionPreviewLength, pieces } from "../../../../../contract/tool-display";
import { TrashIcon } from "../../../components/dashboard-icons";
import { thumbnailOf } from "../../uploads/thumbnail";

type ManageToolCardProps = {
  tool: Tool;
  onDelete: (tool: Tool) => void;
};

/** The first 25 characters of the description (spec §5), with an ellipsis when there is more. */
function shortDescription(description: string): string {
  const start = description.slice(0, descriptionPreviewLength);
  return description.length > descriptionPreviewLength ? `${start.trimEnd()}…` : start;
}

/** A tool on Manage Tools: picture, name, the start of its description, price, stock and Delete. */
export function ManageToolCard({ tool, onDelete }: ManageToolCardProps) {
  const nameId = `manage-tool-${tool._id}`;
  return (
    <article
      aria-labelledby={nameId}
      data-testid="manage-tool-card"
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="aspect-[3/2] overflow-hidden bg-mist">
        <img
          src={thumbnailOf(tool.img)}
          alt=""
          width={400}
          height={267}
          loading="lazy"
          decoding="async"
          className="size-full object-cover"
        />
      </div>
      <div className="flex flex-1 flex-col p-5">
        <h2 id={nameId} className="font-semibold text-lg text-navy [overflow-wrap:anywhere]">
          {tool.name}
        </h2>
        <p className="mt-1 text-slate-600 text-sm [overflow-wrap:anywhere]" title={tool.description}>
          {shortDescription(tool.description)}
        </p>
        <dl className="mt-4 grid grid-cols-3 gap-2 border-slate-100 border-t pt-4 text-sm">
          <div>
            <dt className="text-slate-600 text-xs">Price</dt>
            <dd className="font-bold text-navy">{formatDollars(tool.price)}</dd>
          </div>
          <div>
            <dt className="text-slate-600 text-xs">In stock</dt>
            <dd className="font-medium text-navy">{pieces(tool.available)}</dd>
          </div>
          <div>
            <dt className="text-slate-600 text-xs">Minimum</dt>
            <dd className="font-medium text-navy">{pieces(tool.minimum)}</dd>
          </div>
        </dl>
        <div className="mt-auto pt-5">
          <button
            type="button"
            onClick={() => onDelete(tool)}
            className="btn w-full border border-red-200 bg-white text-red-700 hover:border-red-300 hover:bg-red-50"
          >
            <TrashIcon className="size-4.5" />
            Delete<span className="sr-only"> {tool.name}</span>
          </button>
        </div>
      </div>
    </article>
  );
}
