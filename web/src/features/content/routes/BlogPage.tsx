import type { ReactNode } from "react";
import { PageHeader } from "#web/components/PageHeader";
import { PageMeta } from "#web/components/PageMeta";

type Post = { id: string; question: string; answer: ReactNode };

const code = "rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[0.9em] text-navy";
const list = "list-disc space-y-2 pl-6 marker:text-accent-dark";

const searchExample = `function searchByName(products, query) {
  const term = query.trim().toLowerCase();
  if (term === "") return products;
  return products.filter((product) =>
    product.name.toLowerCase().includes(term),
  );
}

searchByName(tools, "wrench"); // [{ name: "Torque Wrench", ... }]`;

const posts: Post[] = [
  {
    id: "react-performance",
    question: "How can you improve the performance of a React application?",
    answer: (
      <>
        <p>
          Measure first: the Profiler in React Developer Tools shows which components render and how long they
          take, and Lighthouse shows what the page downloads. Then fix what the numbers point at:
        </p>
        <ul className={list}>
          <li>
            <strong>Render less.</strong> Keep state in the lowest component that needs it, so a change
            re-renders a small part of the tree. Wrap a costly component in <code className={code}>memo</code>
            , and keep the props it gets stable with <code className={code}>useMemo</code> and{" "}
            <code className={code}>useCallback</code> (the React Compiler can add these for you).
          </li>
          <li>
            <strong>Ship less code.</strong> Split the app by route with <code className={code}>lazy()</code>{" "}
            and dynamic <code className={code}>import()</code>, and load heavy widgets (a date picker, a
            chart) only when they are about to be used.
          </li>
          <li>
            <strong>Show long lists in windows.</strong> Render only the rows on screen (virtualisation), and
            give list items stable keys so React can reuse them.
          </li>
          <li>
            <strong>Keep typing smooth.</strong> Mark slow updates as non-urgent with{" "}
            <code className={code}>useTransition</code> or <code className={code}>useDeferredValue</code>.
          </li>
          <li>
            <strong>Mind the images.</strong> Give them a width and height, load the ones below the fold
            lazily and prioritise the largest one at the top.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "managing-state",
    question: "What are the ways to manage state in a React application, and why not set state directly?",
    answer: (
      <>
        <p>Pick the simplest home for each piece of state:</p>
        <ul className={list}>
          <li>
            <strong>Local state</strong> with <code className={code}>useState</code> or{" "}
            <code className={code}>useReducer</code> for what one component owns: an open menu, a form field.
          </li>
          <li>
            <strong>Lifted state</strong>: move it to the closest common parent and pass it down as props when
            siblings share it.
          </li>
          <li>
            <strong>Context</strong> for values many components read and that change rarely, such as the
            signed-in user or a theme.
          </li>
          <li>
            <strong>Server state</strong> in a data-fetching library such as TanStack Query, which caches,
            refetches and shares what came from the API.
          </li>
          <li>
            <strong>A global store</strong> (Redux Toolkit, Zustand) for app-wide state that changes often,
            and the <strong>URL</strong> for state worth sharing or bookmarking, like a page number.
          </li>
        </ul>
        <p>
          Never change state directly (<code className={code}>this.state.count = 1</code>, or{" "}
          <code className={code}>items.push(item)</code> on an array from{" "}
          <code className={code}>useState</code>
          ). React only re-renders when you call the setter, so a direct change does not show on screen. It
          also compares the old and new values by reference to decide what to update: a mutated object is
          still the same object, so memoised components and effects miss the change. Call the setter with a
          new value instead, such as <code className={code}>setItems([...items, item])</code>, and use the
          updater form <code className={code}>setCount((c) =&gt; c + 1)</code> when the new value depends on
          the old one.
        </p>
      </>
    ),
  },
  {
    id: "unit-tests",
    question: "What is a unit test, and why should we write unit tests?",
    answer: (
      <>
        <p>
          A unit test checks one small piece of code, such as a function or a component, on its own: it gives
          the unit an input and asserts on what comes out. Unit tests run in milliseconds with a test runner
          such as Vitest or Jest, on every change.
        </p>
        <ul className={list}>
          <li>
            <strong>They catch bugs early</strong>, when they are cheapest to fix, instead of in front of a
            customer.
          </li>
          <li>
            <strong>They make change safe:</strong> refactor or upgrade, and the tests tell you at once if
            behaviour broke.
          </li>
          <li>
            <strong>They document the rules.</strong> A test named "a tool arrives by a date when today plus
            its lead time is on or before it" says exactly what the code promises, edge cases included.
          </li>
          <li>
            <strong>They improve the design</strong>: code that is easy to test is made of small parts with
            clear inputs and outputs.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "search-by-name",
    question: "How will you search products by name?",
    answer: (
      <>
        <p>
          For a list already in the browser, filter it: keep the products whose name contains the search term,
          ignoring case and surrounding spaces.
        </p>
        {/* Wrapped, not scrolled sideways: nothing to scroll on a phone. */}
        <pre className="rounded-xl bg-navy p-4 text-[0.8125rem] leading-6 break-words whitespace-pre-wrap text-slate-100 sm:text-sm">
          <code>{searchExample}</code>
        </pre>
        <p>
          Use <code className={code}>find</code> instead of <code className={code}>filter</code> when you need
          only the first match. For a large catalogue, search on the server instead, with a database index on
          the name, and wait until the visitor pauses typing (debounce) before sending the query.
        </p>
      </>
    ),
  },
];

export function BlogPage() {
  return (
    <>
      <PageMeta
        title="Blog"
        description="Short answers from the Car Mechanic developers: React performance, managing state, unit tests and searching products by name."
      />
      <PageHeader eyebrow="From our developers" title="Blog">
        <p>The questions we are asked most about how we build this shop, answered briefly.</p>
      </PageHeader>
      <div className="mx-auto w-full max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-12 lg:px-8">
        <nav aria-label="Questions" className="mb-10 lg:sticky lg:top-24 lg:mb-0 lg:self-start">
          <p className="text-xs font-semibold uppercase tracking-widest text-slate-600">On this page</p>
          <ol className="mt-3 space-y-2 text-sm">
            {posts.map((post) => (
              <li key={post.id}>
                <a
                  href={`#${post.id}`}
                  className="text-steel underline-offset-4 hover:text-accent-dark hover:underline"
                >
                  {post.question}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="space-y-8">
          {posts.map((post) => (
            <article
              key={post.id}
              id={post.id}
              aria-labelledby={`${post.id}-title`}
              className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
            >
              <h2 id={`${post.id}-title`} className="text-xl font-bold tracking-tight text-navy sm:text-2xl">
                {post.question}
              </h2>
              <div className="mt-4 space-y-4 leading-7 text-slate-700">{post.answer}</div>
            </article>
          ))}
        </div>
      </div>
    </>
  );
}
