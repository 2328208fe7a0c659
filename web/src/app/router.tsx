import { createBrowserRouter, type RouteObject } from "react-router";
import { RootHydrateFallback, RootLayout } from "./RootLayout";
import { RootErrorPage, RouteErrorPage } from "./RouteErrorPage";

/** Login-required pages (spec §2): a visitor goes to /login and comes back afterwards. */
const requireAuth: RouteObject["lazy"] = async () => ({
  Component: (await import("../features/auth/components/RequireAuth")).RequireAuth,
});

/** Admin screens: the server refuses their calls to non-admins; the client refuses the screens too. */
const requireAdmin: RouteObject["lazy"] = async () => ({
  Component: (await import("../features/auth/components/RequireAdmin")).RequireAdmin,
});

/** / and /home: the storefront's home page. */
const homePage: RouteObject["lazy"] = async () => ({
  Component: (await import("../features/home/routes/HomePage")).HomePage,
});

/** Every page of spec §2. Each page's code is its own chunk: public pages never load dashboard code. */
export const routes: RouteObject[] = [
  {
    path: "/",
    Component: RootLayout,
    HydrateFallback: RootHydrateFallback,
    errorElement: <RootErrorPage />,
    children: [
      {
        // Errors in a page show inside the shell, with the navigation bar still there.
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, lazy: homePage },
          { path: "home", lazy: homePage },
          {
            path: "tools",
            lazy: async () => ({
              Component: (await import("../features/catalog/routes/ToolsPage")).ToolsPage,
            }),
          },
          {
            lazy: requireAuth,
            children: [
              {
                path: "tools/:toolsId",
                lazy: async () => ({
                  Component: (await import("../features/orders/routes/ToolOrderPage")).ToolOrderPage,
                }),
              },
            ],
          },
          {
            path: "showProfile",
            lazy: async () => ({
              Component: (await import("../features/profiles/routes/ShowProfilePage")).ShowProfilePage,
            }),
          },
          {
            path: "showPortfolio",
            lazy: async () => ({
              Component: (await import("../features/portfolios/routes/ShowPortfolioPage")).ShowPortfolioPage,
            }),
          },
          {
            path: "carBenifits",
            lazy: async () => ({
              Component: (await import("../features/content/routes/CarBenefitsPage")).CarBenefitsPage,
            }),
          },
          {
            path: "contact",
            lazy: async () => ({
              Component: (await import("../features/contact/routes/ContactPage")).ContactPage,
            }),
          },
          {
            path: "about",
            lazy: async () => ({
              Component: (await import("../features/content/routes/AboutPage")).AboutPage,
            }),
          },
          {
            path: "blog",
            lazy: async () => ({ Component: (await import("../features/content/routes/BlogPage")).BlogPage }),
          },
          {
            path: "login",
            lazy: async () => ({ Component: (await import("../features/auth/routes/LoginPage")).LoginPage }),
          },
          {
            path: "signup",
            lazy: async () => ({
              Component: (await import("../features/auth/routes/SignUpPage")).SignUpPage,
            }),
          },
          {
            lazy: requireAuth,
            children: [
              {
                path: "dashboard",
                lazy: async () => ({
                  Component: (await import("../features/dashboard/routes/DashboardLayout")).DashboardLayout,
                }),
                children: [
                  {
                    index: true,
                    lazy: async () => ({
                      Component: (await import("../features/orders/routes/MyOrdersPage")).MyOrdersPage,
                    }),
                  },
                  {
                    path: "myReview",
                    lazy: async () => ({
                      Component: (await import("../features/reviews/routes/AddReviewPage")).AddReviewPage,
                    }),
                  },
                  {
                    path: "myProfile",
                    lazy: async () => ({
                      Component: (await import("../features/profiles/routes/MyProfilePage")).MyProfilePage,
                    }),
                  },
                  {
                    path: "createProfile",
                    lazy: async () => ({
                      Component: (await import("../features/profiles/routes/CreateProfilePage"))
                        .CreateProfilePage,
                    }),
                  },
                  {
                    path: "payment/:id",
                    lazy: async () => ({
                      Component: (await import("../features/payments/routes/PaymentPage")).PaymentPage,
                    }),
                  },
                  {
                    path: "createPortfolio",
                    lazy: async () => ({
                      Component: (await import("../features/portfolios/routes/CreatePortfolioPage"))
                        .CreatePortfolioPage,
                    }),
                  },
                  {
                    path: "portfolio",
                    lazy: async () => ({
                      Component: (await import("../features/portfolios/routes/MyPortfolioPage"))
                        .MyPortfolioPage,
                    }),
                  },
                  {
                    lazy: requireAdmin,
                    children: [
                      {
                        path: "users",
                        lazy: async () => ({
                          Component: (await import("../features/users/routes/UsersPage")).UsersPage,
                        }),
                      },
                      {
                        path: "showAllProfile",
                        lazy: async () => ({
                          Component: (await import("../features/profiles/routes/ShowAllProfilePage"))
                            .ShowAllProfilePage,
                        }),
                      },
                      {
                        path: "addTools",
                        lazy: async () => ({
                          Component: (await import("../features/tools-admin/routes/AddToolsPage"))
                            .AddToolsPage,
                        }),
                      },
                      {
                        path: "manageTools",
                        lazy: async () => ({
                          Component: (await import("../features/tools-admin/routes/ManageToolsPage"))
                            .ManageToolsPage,
                        }),
                      },
                      {
                        path: "manageAllOrder",
                        lazy: async () => ({
                          Component: (await import("../features/orders/routes/ManageAllOrdersPage"))
                            .ManageAllOrdersPage,
                        }),
                      },
                      {
                        path: "contactMessages",
                        lazy: async () => ({
                          Component: (await import("../features/contact-inbox/routes/ContactMessagesPage"))
                            .ContactMessagesPage,
                        }),
                      },
                    ],
                  },
                ],
              },
            ],
          },
          {
            path: "*",
            lazy: async () => ({ Component: (await import("../routes/NotFoundPage")).NotFoundPage }),
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
