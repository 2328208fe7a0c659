/**
 * The web app's pages. The server answers these with the app and a 200, any other path with
 * the app (which shows the not-found page) and a 404.
 */
export const pagePatterns = [
  /^\/$/,
  /^\/home$/,
  /^\/tools$/,
  /^\/tools\/[^/]+$/,
  /^\/showProfile$/,
  /^\/showPortfolio$/,
  /^\/carBenifits$/,
  /^\/contact$/,
  /^\/about$/,
  /^\/blog$/,
  /^\/terms$/,
  /^\/privacy$/,
  /^\/shipping$/,
  /^\/login$/,
  /^\/forgot-password$/,
  /^\/reset-password$/,
  /^\/signup$/,
  /^\/cart$/,
  /^\/quick-order$/,
  /^\/dashboard$/,
  /^\/dashboard\/(myReview|users|myProfile|createProfile|showAllProfile|addTools|createPortfolio|portfolio|manageTools|manageAllOrder|contactMessages|account|outbox|company|companies|invoicing|invoices|webhooks)$/,
  /^\/dashboard\/manageTools\/[^/]+$/,
  /^\/dashboard\/payment\/[^/]+$/,
];

export function isPagePath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname;
  return pagePatterns.some((p) => p.test(path));
}
