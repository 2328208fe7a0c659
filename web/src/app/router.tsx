import { createBrowserRouter, type RouteObject } from "react-router";
import { RootHydrateFallback, RootLayout } from "./RootLayout";
import { RootErrorPage, RouteErrorPage } from "./RouteErrorPage";

type ComingSoonOptions = { description?: string; layout?: "page" | "panel" };

/**
 * A screen that a later release builds: the shared "coming soon" panel, loaded on demand like
 * every page. Replace with `lazy: async () => ({ Component: (await import(...)).ThePage })`.
 */
function comingSoon(screen: string, options: ComingSoonOptions = {}): RouteObject["lazy"] {
  return async () => {
    const { ComingSoon } = await import("../components/ComingSoon");
    return { element: <ComingSoon screen={screen} {...options} /> };
  };
}

const panel = { layout: "panel" } as const;

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
          { index: true, lazy: comingSoon("Home", { description: "Our new home page is on its way." }) },
          { path: "home", lazy: comingSoon("Home", { description: "Our new home page is on its way." }) },
          {
            path: "tools",
            lazy: async () => ({
              Component: (await import("../features/catalog/routes/ToolsPage")).ToolsPage,
            }),
          },
          {
            path: "tools/:toolsId",
            lazy: comingSoon("Tool details", {
              description: "Soon you will see each tool in full here and order your lot.",
            }),
          },
          { path: "showProfile", lazy: comingSoon("Your Profile") },
          { path: "showPortfolio", lazy: comingSoon("Your Portfolio") },
          { path: "carBenifits", lazy: comingSoon("Car Tools Benefits") },
          { path: "contact", lazy: comingSoon("Contact Us") },
          { path: "about", lazy: comingSoon("About Us") },
          { path: "blog", lazy: comingSoon("Blog") },
          { path: "login", lazy: comingSoon("Login") },
          { path: "signup", lazy: comingSoon("Sign Up") },
          {
            path: "dashboard",
            lazy: async () => ({
              Component: (await import("../features/dashboard/routes/DashboardLayout")).DashboardLayout,
            }),
            children: [
              { index: true, lazy: comingSoon("My Orders", panel) },
              { path: "myReview", lazy: comingSoon("Add Review", panel) },
              { path: "users", lazy: comingSoon("All Users", panel) },
              { path: "myProfile", lazy: comingSoon("My Profile", panel) },
              { path: "createProfile", lazy: comingSoon("Create Profile", panel) },
              { path: "showAllProfile", lazy: comingSoon("Show All Profile", panel) },
              { path: "payment/:id", lazy: comingSoon("Payment", panel) },
              { path: "addTools", lazy: comingSoon("Add A Tools", panel) },
              { path: "createPortfolio", lazy: comingSoon("Create Portfolio", panel) },
              { path: "portfolio", lazy: comingSoon("My Portfolio", panel) },
              { path: "manageTools", lazy: comingSoon("Manage Tools", panel) },
              { path: "manageAllOrder", lazy: comingSoon("Manage All Order", panel) },
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
