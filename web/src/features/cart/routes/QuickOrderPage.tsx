import { useId, useRef, useState } from "react";
import { maxCartLines, type QuickOrderAnswer, type QuickOrderProblem } from "#contract/cart";
import { pieces } from "#contract/tool-display";
import { controlClass, FieldError } from "#web/components/FormField";
import { Link } from "#web/components/Link";
import { errorMessage } from "#web/lib/api";
import { toast } from "#web/lib/toast";
import { type QuickOrderList, useQuickOrder } from "../api/quick-order";
import { downloadText, problemsCsv } from "../problems-csv";

const example = "SKU, quantity\nBRK-2041, 200\nSPK-1180; 500\nFLT-0007\t50";

function linesAdded(count: number): string {
  return count === 1
    ? "1 line went into your cart."
    : `${count.toLocaleString("en-US")} lines went into your cart.`;
}

/** A problem line, with "Use N" taking the nearest quantity the tool's rules allow. */
function ProblemRow({
  problem,
  onFixed,
}: {
  problem: QuickOrderProblem;
  onFixed: (problem: QuickOrderProblem, answer: QuickOrderAnswer) => void;
}) {
  const fix = useQuickOrder();
  const suggested = problem.suggestedQuantity;
  const [error, setError] = useState<string>();

  async function takeSuggested(quantity: number) {
    setError(undefined);
    try {
      // The same check as the list's, for this one line: by SKU, as it was sent.
      const answer = await fix.mutateAsync({ text: `${problem.sku} ${quantity}` });
      const still = answer.problems[0];
      if (still) setError(still.error);
      else onFixed(problem, answer);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  return (
    <li
      className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 py-3"
      data-testid="problem-line"
    >
      <div className="min-w-0">
        <p className="text-slate-600 text-sm">
          <span className="font-semibold text-navy">Line {problem.line}</span>
          <span aria-hidden="true"> · </span>
          <span className="break-all font-mono">{problem.sku || "no SKU"}</span>
          {problem.quantity != null && (
            <>
              <span aria-hidden="true"> · </span>
              {pieces(problem.quantity)}
            </>
          )}
        </p>
        <p className="mt-0.5 text-amber-900">{problem.error}</p>
        {error && <FieldError message={error} />}
      </div>
      {suggested != null && (
        <button
          type="button"
          className="btn btn-secondary min-h-9 whitespace-nowrap px-3 py-1.5 text-sm"
          onClick={() => void takeSuggested(suggested)}
          disabled={fix.isPending}
          aria-label={`Use ${suggested.toLocaleString("en-US")} for line ${problem.line}, ${problem.sku}`}
        >
          {fix.isPending ? "Adding…" : `Use ${suggested.toLocaleString("en-US")}`}
        </button>
      )}
    </li>
  );
}

function Result({
  answer,
  onFixed,
}: {
  answer: QuickOrderAnswer;
  onFixed: (problem: QuickOrderProblem, fixed: QuickOrderAnswer) => void;
}) {
  const { added, problems } = answer;
  return (
    <section
      aria-labelledby="result-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="result-heading" className="font-bold text-lg text-navy">
        Your list
      </h2>
      <p role="status" className="mt-2 text-slate-700">
        {linesAdded(added.length)}{" "}
        {problems.length > 0
          ? `${problems.length === 1 ? "1 line needs" : `${problems.length} lines need`} fixing.`
          : "Every line is in."}{" "}
        <Link to="/cart" className="font-semibold text-accent-dark underline-offset-4 hover:underline">
          Go to your cart
        </Link>
      </p>
      {problems.length > 0 && (
        <>
          <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
            <h3 id="problems-heading" className="font-semibold text-navy">
              Lines to fix
            </h3>
            <button
              type="button"
              className="btn btn-secondary min-h-9 px-3 py-1.5 text-sm"
              onClick={async () => downloadText(await problemsCsv(problems), "quick-order-problems.csv")}
            >
              Download problems as CSV
            </button>
          </div>
          <ul
            aria-labelledby="problems-heading"
            className="mt-2 divide-y divide-slate-200 border-slate-200 border-t"
          >
            {problems.map((problem) => (
              <ProblemRow key={`${problem.line}-${problem.sku}`} problem={problem} onFixed={onFixed} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/**
 * /quick-order (signed in): a pasted list of `SKU quantity` lines, or a CSV file, into the cart in
 * one go; the lines the shop cannot take stay on screen to fix, one click each, or to download.
 */
export function QuickOrderPage() {
  const send = useQuickOrder();
  const [text, setText] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [answer, setAnswer] = useState<QuickOrderAnswer | null>(null);
  const [error, setError] = useState<string>();
  const fileInput = useRef<HTMLInputElement>(null);
  const id = useId();

  async function submit(list: QuickOrderList) {
    setError(undefined);
    try {
      setAnswer(await send.mutateAsync(list));
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  function onFixed(problem: QuickOrderProblem, fixed: QuickOrderAnswer) {
    setAnswer(
      (current) =>
        current && {
          added: [...current.added, ...fixed.added.map((line) => ({ ...line, line: problem.line }))],
          problems: current.problems.filter((p) => p !== problem),
          cart: fixed.cart,
        },
    );
    toast.success("Added to your cart", { description: `Line ${problem.line}: ${problem.sku}` });
  }

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <title>Quick order · Car Mechanic</title>
      <h1 className="font-bold text-3xl text-navy tracking-tight">Quick order</h1>
      <p className="mt-2 max-w-prose text-slate-600">
        Paste your list, one tool a line: its SKU and the quantity, separated by a comma, a tab, a semicolon
        or spaces. A header row is fine, and so are up to {maxCartLines} lines. Or upload the list as a CSV
        file.
      </p>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <form
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
          onSubmit={(event) => {
            event.preventDefault();
            if (text.trim() === "") setError("Paste your list: one SKU and quantity a line");
            else void submit({ text });
          }}
          noValidate
        >
          <label htmlFor={`${id}-text`} className="font-semibold text-sm text-steel">
            Your list
          </label>
          <textarea
            id={`${id}-text`}
            value={text}
            onChange={(event) => setText(event.target.value)}
            rows={10}
            spellCheck={false}
            placeholder={example}
            aria-describedby={error ? `${id}-error` : undefined}
            aria-invalid={error ? true : undefined}
            className={`${controlClass} font-mono text-sm`}
          />
          {error && <FieldError id={`${id}-error`} message={error} />}
          <button type="submit" className="btn btn-primary mt-4 w-full sm:w-auto" disabled={send.isPending}>
            {send.isPending ? "Checking your list…" : "Add to cart"}
          </button>
        </form>

        <form
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
          onSubmit={(event) => {
            event.preventDefault();
            if (file) void submit({ file });
            else fileInput.current?.focus();
          }}
        >
          <label htmlFor={`${id}-file`} className="font-semibold text-sm text-steel">
            Or upload a CSV file
          </label>
          <input
            ref={fileInput}
            id={`${id}-file`}
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            className="mt-2 block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-semibold file:text-navy hover:file:bg-slate-200"
          />
          <p className="mt-2 text-slate-600 text-xs">
            Columns SKU and quantity; a spreadsheet's CSV export works.
          </p>
          <button type="submit" className="btn btn-secondary mt-4 w-full" disabled={send.isPending || !file}>
            Upload list
          </button>
        </form>
      </div>

      {answer && (
        <div className="mt-8">
          <Result answer={answer} onFixed={onFixed} />
        </div>
      )}
    </div>
  );
}
