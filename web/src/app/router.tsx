import { matchRoutes, type RouteObject } from "react-router";
import { hydratingRenderedPage } from "#web/lib/rendered-page";
import { type LazyPage, lazyPage } from "./lazy-page";
import { RootLayout } from "./RootLayout";

/** What main.tsx needs of a route: the code to fetch before the first render. */
type RouteHandle = { preload: LazyPage["preload"] };

/** A route whose component is its own chunk: public pages never load dashboard code. */
function page(load: Parameters<typeof lazyPage>[0]): Pick<RouteObject, "element" | "handle"> {
  const Page = lazyPage(load);
  const handle: RouteHandle = { preload: Page.preload };
  return { element: <Page />, handle };
}

/** Login-required pages (spec §2): a visitor goes to /login and comes back afterwards. */
const requireAuth = () =>
  page(() => import("#web/features/auth/components/RequireAuth").then((m) => m.RequireAuth));

/** Admin screens: the server refuses their calls to non-admins; the client refuses the screens too. */
const requireAdmin = () =>
  page(() => import("#web/features/auth/components/RequireAdmin").then((m) => m.RequireAdmin));

/**
 * / and /home: the storefront's home page (one chunk, one component for both paths). A home page the
 * browser draws itself waits for its delivery section's chunk too; a server-rendered one hydrates
 * without it (HomePage.tsx).
 */
const homePage = page(async () => {
  const home = await import("./home/HomePage");
  if (!hydratingRenderedPage()) await home.DeliverySection.preload();
  return home.HomePage;
});

/** Every page of spec §2, for useRoutes (RootLayout draws the shell, and the error and loading states). */
export const routes: RouteObject[] = [
  {
    path: "/",
    element: <RootLayout />,
    children: [
      { index: true, ...homePage },
      { path: "home", ...homePage },
      {
        path: "tools",
        ...page(() => import("#web/features/catalog/routes/ToolsPage").then((m) => m.ToolsPage)),
      },
      {
        ...requireAuth(),
        children: [
          {
            path: "tools/:toolsId",
            ...page(() => import("./tool/ToolOrderPage").then((m) => m.ToolOrderPage)),
          },
          {
            path: "cart",
            ...page(() => import("#web/features/cart/routes/CartPage").then((m) => m.CartPage)),
          },
          {
            path: "quick-order",
            ...page(() => import("#web/features/cart/routes/QuickOrderPage").then((m) => m.QuickOrderPage)),
          },
        ],
      },
      {
        path: "showProfile",
        ...page(() => import("#web/features/profiles/routes/ShowProfilePage").then((m) => m.ShowProfilePage)),
      },
      {
        path: "showPortfolio",
        ...page(() =>
          import("#web/features/portfolios/routes/ShowPortfolioPage").then((m) => m.ShowPortfolioPage),
        ),
      },
      {
        path: "carBenifits",
        ...page(() => import("#web/features/content/routes/CarBenefitsPage").then((m) => m.CarBenefitsPage)),
      },
      {
        path: "contact",
        ...page(() => import("#web/features/contact/routes/ContactPage").then((m) => m.ContactPage)),
      },
      {
        path: "about",
        ...page(() => import("#web/features/content/routes/AboutPage").then((m) => m.AboutPage)),
      },
      {
        path: "blog",
        ...page(() => import("#web/features/content/routes/BlogPage").then((m) => m.BlogPage)),
      },
      {
        path: "terms",
        ...page(() => import("#web/features/content/routes/TermsPage").then((m) => m.TermsPage)),
      },
      {
        path: "privacy",
        ...page(() => import("#web/features/content/routes/PrivacyPage").then((m) => m.PrivacyPage)),
      },
      {
        path: "shipping",
        ...page(() => import("#web/features/content/routes/ShippingPage").then((m) => m.ShippingPage)),
      },
      {
        path: "login",
        ...page(() => import("#web/features/auth/routes/LoginPage").then((m) => m.LoginPage)),
      },
      {
        path: "forgot-password",
        ...page(() =>
          import("#web/features/auth/routes/ForgotPasswordPage").then((m) => m.ForgotPasswordPage),
        ),
      },
      {
        path: "reset-password",
        ...page(() => import("#web/features/auth/routes/ResetPasswordPage").then((m) => m.ResetPasswordPage)),
      },
      {
        path: "signup",
        ...page(() => import("#web/features/auth/routes/SignUpPage").then((m) => m.SignUpPage)),
      },
      {
        ...requireAuth(),
        children: [
          {
            path: "dashboard",
            ...page(() =>
              import("#web/features/dashboard/routes/DashboardLayout").then((m) => m.DashboardLayout),
            ),
            children: [
              {
                index: true,
                ...page(() => import("#web/features/orders/routes/MyOrdersPage").then((m) => m.MyOrdersPage)),
              },
              {
                path: "myReview",
                ...page(() =>
                  import("#web/features/reviews/routes/AddReviewPage").then((m) => m.AddReviewPage),
                ),
              },
              {
                path: "myProfile",
                ...page(() =>
                  import("#web/features/profiles/routes/MyProfilePage").then((m) => m.MyProfilePage),
                ),
              },
              {
                path: "createProfile",
                ...page(() =>
                  import("#web/features/profiles/routes/CreateProfilePage").then((m) => m.CreateProfilePage),
                ),
              },
              {
                path: "payment/:id",
                ...page(() => import("#web/features/payments/routes/PaymentPage").then((m) => m.PaymentPage)),
              },
              {
                path: "createPortfolio",
                ...page(() =>
                  import("#web/features/portfolios/routes/CreatePortfolioPage").then(
                    (m) => m.CreatePortfolioPage,
                  ),
                ),
              },
              {
                path: "account",
                ...page(() =>
                  import("#web/features/account-settings/routes/AccountSettingsPage").then(
                    (m) => m.AccountSettingsPage,
                  ),
                ),
              },
              {
                path: "company",
                ...page(() => import("#web/features/company/routes/CompanyPage").then((m) => m.CompanyPage)),
              },
              {
                path: "portfolio",
                ...page(() =>
                  import("#web/features/portfolios/routes/MyPortfolioPage").then((m) => m.MyPortfolioPage),
                ),
              },
              {
                ...requireAdmin(),
                children: [
                  {
                    path: "users",
                    ...page(() => import("#web/features/users/routes/UsersPage").then((m) => m.UsersPage)),
                  },
                  {
                    path: "showAllProfile",
                    ...page(() =>
                      import("#web/features/profiles/routes/ShowAllProfilePage").then(
                        (m) => m.ShowAllProfilePage,
                      ),
                    ),
                  },
                  {
                    path: "addTools",
                    ...page(() =>
                      import("#web/features/tools-admin/routes/AddToolsPage").then((m) => m.AddToolsPage),
                    ),
                  },
                  {
                    path: "manageTools",
                    ...page(() =>
                      import("#web/features/tools-admin/routes/ManageToolsPage").then(
                        (m) => m.ManageToolsPage,
                      ),
                    ),
                  },
                  {
                    path: "manageTools/:toolId",
                    ...page(() =>
                      import("#web/features/tools-admin/routes/ToolAdminPage").then((m) => m.ToolAdminPage),
                    ),
                  },
                  {
                    path: "manageAllOrder",
                    ...page(() =>
                      import("#web/features/orders/routes/ManageAllOrdersPage").then(
                        (m) => m.ManageAllOrdersPage,
                      ),
                    ),
                  },
                  {
                    path: "contactMessages",
                    ...page(() =>
                      import("#web/features/contact-inbox/routes/ContactMessagesPage").then(
                        (m) => m.ContactMessagesPage,
                      ),
                    ),
                  },
                  {
                    path: "companies",
                    ...page(() =>
                      import("#web/features/companies-admin/routes/CompaniesPage").then(
                        (m) => m.CompaniesPage,
                      ),
                    ),
                  },
                  {
                    path: "invoicing",
                    ...page(() =>
                      import("#web/features/invoicing/routes/InvoicingPage").then((m) => m.InvoicingPage),
                    ),
                  },
                  {
                    path: "invoices",
                    ...page(() =>
                      import("#web/features/invoicing/routes/InvoicesPage").then((m) => m.InvoicesPage),
                    ),
                  },
                  {
                    path: "outbox",
                    ...page(() => import("#web/features/outbox/routes/OutboxPage").then((m) => m.OutboxPage)),
                  },
                  {
                    path: "webhooks",
                    ...page(() =>
                      import("#web/features/webhooks/routes/WebhooksPage").then((m) => m.WebhooksPage),
                    ),
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        path: "*",
        ...page(() => import("./NotFoundPage").then((m) => m.NotFoundPage)),
      },
    ],
  },
];

/**
 * Fetches the code of every page the address shows (a page and its layouts), so the first render
 * (in the browser, or on the server) draws the page rather than the loading state. A chunk that
 * fails to load is left to the page's error boundary.
 */
export function preloadPagesAt(location: string | Location): Promise<unknown> {
  return Promise.allSettled(
    (matchRoutes(routes, location) ?? []).map((match) =>
      (match.route.handle as RouteHandle | undefined)?.preload(),
    ),
  );
}
