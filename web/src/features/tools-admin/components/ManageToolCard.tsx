import type { Tool } from "#contract/catalog";
import { formatDollars } from "#contract/money";
import { descriptionPreviewLength, pieces } from "#contract/tool-display";
import { TrashIcon } from "#web/components/dashboard-icons";
import { Link } from "#web/components/Link";
import { thumbnailOf } from "#web/lib/uploads/thumbnail";

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
      {/* Phones: a small picture beside the name, so the list stays short; wider: a picture on top. */}
      <div className="flex gap-4 p-4 sm:block sm:p-0">
        <div className="size-20 shrink-0 overflow-hidden rounded-xl bg-mist sm:aspect-[3/2] sm:size-auto sm:rounded-none">
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
        <div className="min-w-0 sm:px-5 sm:pt-5">
          <h2 id={nameId} className="font-semibold text-lg text-navy [overflow-wrap:anywhere]">
            {tool.name}
          </h2>
          <p className="mt-1 text-slate-600 text-sm [overflow-wrap:anywhere]" title={tool.description}>
            {shortDescription(tool.description)}
          </p>
        </div>
      </div>
      <div className="flex flex-1 flex-col px-4 pb-4 sm:px-5 sm:pb-5">
        <dl className="space-y-1.5 border-slate-100 border-t pt-4 text-sm sm:mt-4">
          <div className="flex items-baseline justify-between gap-3">
            <dt className="text-slate-600">Price</dt>
            <dd className="text-right text-slate-600">
              <span className="font-bold text-base text-navy">{formatDollars(tool.price)}</span> per piece
            </dd>
          </div>
          <div className="flex items-baseline justify-between gap-3">
            <dt className="text-slate-600">In stock</dt>
            <dd className="text-right font-medium text-navy">{pieces(tool.available)}</dd>
          </div>
          <div className="flex items-baseline justify-between gap-3">
            <dt className="text-slate-600">Minimum order</dt>
            <dd className="text-right font-medium text-navy">{pieces(tool.minimum)}</dd>
          </div>
          {tool.sku !== null && (
            <div className="flex items-baseline justify-between gap-3">
              <dt className="text-slate-600">SKU</dt>
              <dd className="text-right font-medium font-mono text-navy [overflow-wrap:anywhere]">
                {tool.sku}
              </dd>
            </div>
          )}
        </dl>
        <div className="mt-auto grid grid-cols-2 gap-3 pt-4 sm:pt-5">
          <Link to={`/dashboard/manageTools/${tool._id}`} className="btn btn-secondary w-full">
            Edit<span className="sr-only"> {tool.name}</span>
          </Link>
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
