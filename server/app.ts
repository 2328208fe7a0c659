import Fastify, { type FastifyInstance, LogController } from "fastify";
import { installAccess } from "./accounts/access";
import { createAccountData } from "./accounts/account-data";
import { adoptPhotoWhenNone } from "./accounts/account-photo";
import { createAfterAnswer } from "./accounts/after-answer";
import { createApiTokensService } from "./accounts/api-tokens";
import { createAuth } from "./accounts/auth";
import { authRoutes } from "./accounts/auth-routes";
import { createSessionReader } from "./accounts/guards";
import { createMailPreferences } from "./accounts/mail-preferences";
import { notificationRoutes } from "./accounts/notification-routes";
import { accountRoutes } from "./accounts/routes";
import { resolveAuthSecret } from "./accounts/secret";
import { createUsersService } from "./accounts/service";
import { accountSettingsRoutes } from "./accounts/settings-routes";
import { accountSignInRule } from "./accounts/sign-in-limit";
import { tokenRoutes } from "./accounts/token-routes";
import { cartRoutes } from "./cart/routes";
import { createCartService } from "./cart/service";
import { catalogCsvRoutes } from "./catalog/csv-routes";
import { createToolListCache, toolListTtlMs } from "./catalog/list-cache";
import { listenForToolListChanges } from "./catalog/list-changes";
import { catalogRoutes } from "./catalog/routes";
import { createCatalogService } from "./catalog/service";
import { balanceNoticeTimer, noticeIfNearLimit } from "./companies/balance-notices";
import { companyBalanceRoutes } from "./companies/balance-routes";
import { companyRoutes } from "./companies/routes";
import { createCompaniesService } from "./companies/service";
import type { Config } from "./config";
import { contactRoutes } from "./contact/routes";
import { createContactService } from "./contact/service";
import type { Database } from "./db/database";
import { healthRoutes } from "./health/routes";
import { installErrorHandlers } from "./http/errors";
import { answerFrameworkErrors, installInputChecks } from "./http/json-body";
import { createOriginRule, refuseCrossSiteWrites } from "./http/origin-check";
import { installCursorSeal } from "./http/pages";
import { createReadyResponses } from "./http/ready-responses";
import { installRequestLog, logAccess, requestIds, requestLogFields } from "./http/request-log";
import { identityProviderPictureSources, securityHeaders } from "./http/security-headers";
import { createIdempotencyKeys, idempotencyKeySweep } from "./idempotency/keys";
import { createOrderInvoices } from "./invoices/issue";
import { invoiceRoutes } from "./invoices/routes";
import { createInvoicesService } from "./invoices/service";
import { mailDelivery } from "./mail/delivery";
import { outboxRoutes } from "./mail/routes";
import { createOutboxService } from "./mail/service";
import { installMetrics } from "./metrics/metrics";
import { apiVersion, installApiDocument } from "./openapi/document";
import { apiDocumentRoutes } from "./openapi/routes";
import { adminOrderRoutes } from "./orders/admin-routes";
import { anonymiseBuyer, ordersInProgressOf } from "./orders/buyer-data";
import { companyAccountOrders } from "./orders/company-account";
import { companyOrderRoutes } from "./orders/company-orders-routes";
import { unpaidOrderExpiry } from "./orders/expiry";
import { orderExportRoutes } from "./orders/export-routes";
import { createOrderMessages } from "./orders/messages/order-messages";
import { createRefundMessages } from "./orders/messages/refund-messages";
import { remindUnpaidOrders } from "./orders/pay-reminders";
import { createPaymentOrders } from "./orders/payment-orders";
import { orderRoutes } from "./orders/routes";
import { createOrdersService } from "./orders/service";
import { paymentRoutes } from "./payments/routes";
import { createPaymentGateway } from "./payments/select-gateway";
import { createPaymentsService } from "./payments/service";
import { followAccountEmail, profileDataOf } from "./profiles/personal-data";
import { profileRoutes } from "./profiles/routes";
import { createProfilesService } from "./profiles/service";
import { createRateLimits } from "./rate-limits/rate-limits";
import { eraseReviewsBy, reviewsBy } from "./reviews/personal-data";
import { reviewRoutes } from "./reviews/routes";
import { createReviewsService } from "./reviews/service";
import { taxRoutes } from "./tax/routes";
import { createTaxService } from "./tax/service";
import { forgetUploadsOf, removeUploadFiles, uploadsOf } from "./uploads/personal-data";
import { uploadRoutes, uploadRule } from "./uploads/routes";
import { createUploadStorage } from "./uploads/select-storage";
import { createUploadsService } from "./uploads/service";
import { createPublicPages } from "./web/public-pages";
import { shopLinksRoutes } from "./web/shop-links";
import { sitemapRoutes } from "./web/sitemap";
import { indexScriptHashes, serveWebApp } from "./web/static";
import { webhooksDelivery } from "./webhooks/delivery";
import { webhookRoutes } from "./webhooks/routes";
import { createWebhooksService } from "./webhooks/service";

export type AppOptions = {
  database: Database;
  config: Config;
  /**
   * Serve the built web app from dist/web with the public pages rendered by dist/web-ssr (off in
   * API tests), or from the given folders.
   */
  serveWeb?: boolean | { distDir: string; rendererDir: string };
  /** Start of every rate-limit key in Redis (tests give each run its own). */
  rateLimitKeyPrefix?: string;
  /** Where the log lines go: standard output, or a test's stream. */
  logStream?: NodeJS.WritableStream;
};

/** The composition root: builds every service from the database and mounts each domain's routes. */
export async function buildApp({
  database,
  config,
  serveWeb = true,
  rateLimitKeyPrefix,
  logStream,
}: AppOptions): Promise<FastifyInstance> {
  const requestIdOf = requestIds(config.trustProxy);
  const readyResponses = createReadyResponses({
    ttlMs: toolListTtlMs,
    isOpen: () => !app.draining,
    requestIdOf,
    onServed: (url, seconds, reqId) => {
      metrics.observeRequest("GET", url, 200, seconds);
      logAccess(app.log, { reqId, method: "GET", route: url, status: 200, ms: seconds * 1000 });
    },
  });
  const app = Fastify({
    logger:
      config.logLevel === "silent"
        ? false
        : { level: config.logLevel, mixin: requestLogFields, ...(logStream ? { stream: logStream } : {}) },
    // Fastify's own two lines per request (with the URL, query and all) give way to our access line.
    logController: new LogController({ disableRequestLogging: true }),
    // No child logger per request (a quarter of a cached read): the logger's mixin adds the request's
    // id to every line written while it is served, through any logger (server/http/request-log.ts).
    childLoggerFactory: (logger) => logger,
    genReqId: requestIdOf,
    requestIdHeader: false,
    bodyLimit: 64 * 1024,
    frameworkErrors: answerFrameworkErrors,
    trustProxy: config.trustProxy,
  });
  readyResponses.answerFirst(app.server);
  // First: every answer, refusals included, carries the request's id.
  installRequestLog(app);
  installErrorHandlers(app);
  installInputChecks(app);
  // Before any route: each states who may call it, and this enforces it (server/accounts/access.ts).
  // A Bearer access token is checked by its hash and counted per account (created below, called per request).
  installAccess(app, (request) => currentUser(request), {
    authenticate: (token) => apiTokens.authenticate(token),
    countRequest: (userId) => apiRate.hit(userId),
  });
  // Before any route too: it collects each route's documented schemas (server/openapi/document.ts).
  await installApiDocument(app, { publicUrl: config.publicUrl, version: apiVersion });
  const metrics = installMetrics(app, { database, token: config.metricsToken });

  const { db } = database;
  securityHeaders(app, {
    publicUrl: config.publicUrlIsSet ? config.publicUrl : undefined,
    stripe: config.stripe !== undefined,
    identityProviderDiscoveryUrl: config.google?.discoveryUrl,
    inlineScriptHashes: serveWeb ? () => indexScriptHashes() : () => [],
  });
  const origins = createOriginRule({
    trustedOrigins: [config.publicUrl, ...config.trustedOrigins],
    sameHost: !config.publicUrlIsSet,
    trustProxy: config.trustProxy !== false,
  });
  refuseCrossSiteWrites(app, origins);

  const rateLimits = await createRateLimits(config, app.log, rateLimitKeyPrefix);
  app.addHook("onClose", () => rateLimits.close());
  // Every request made with an access token counts, per account (all its tokens together).
  const apiRate = rateLimits.limiter("api-rate", { limit: config.apiRateLimit, windowMs: 60_000 });

  // Uploaded photos and the invoices' PDFs (rendered once, kept).
  const uploadStorage = await createUploadStorage(config);
  const invoices = createInvoicesService(db, uploadStorage);
  const mail = mailDelivery(app, {
    db,
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    attachments: (refs) => invoices.attachments(refs),
  });
  const authSecret = resolveAuthSecret(config.authSecret, config.dataDir);
  // A reset link's lookup and mail, done after the answer: the close waits for them (the database closes after).
  const afterAnswer = createAfterAnswer((err) => app.log.error({ err }, "password reset request failed"));
  app.addHook("onClose", () => afterAnswer.settled());
  const auth = createAuth({
    db,
    secret: authSecret,
    publicUrl: config.publicUrl,
    trustedOrigins: origins.forAuth,
    linkOrigin: origins.linkOrigin,
    google: config.google,
    adminEmails: config.adminEmails,
    signInAttemptsPerMinute: config.authRateLimit,
    rateLimitStorage: rateLimits.authStorage,
    onAccountLink: mail.onAccountLink,
    onUserUpdated: (updated) => followAccountEmail(db, updated.id, updated.email),
    afterAnswer,
  });
  const currentUser = createSessionReader(auth);
  installCursorSeal(app, authSecret);
  const users = createUsersService(db);
  const apiTokens = createApiTokensService(db);
  const catalog = createCatalogService(db, { publicUrl: config.publicUrl });
  // Rendered public pages show the catalog and the reviews (verified by a paid order): kept until
  // either changes (decision 023).
  const webBuild = typeof serveWeb === "object" ? serveWeb : undefined;
  const publicPages = serveWeb
    ? await createPublicPages(app, {
        publicUrl: config.publicUrl,
        log: app.log,
        dir: webBuild?.rendererDir,
        count: metrics.countPageRender,
      })
    : undefined;
  const toolList = createToolListCache((q) => catalog.listTools(q), {
    onInvalidate: () => {
      publicPages?.clear();
      readyResponses.clear();
    },
  });
  // Changes made through this server invalidate at once; every server's, at their commit (the
  // reviews' and the paid orders' too, on the same channel: migrations 0013, 0015).
  const stopListening = await listenForToolListChanges(database, () => toolList.invalidate(), app.log);
  app.addHook("onClose", () => stopListening());
  const gateway = await createPaymentGateway(config.stripe);
  const orderMessages = createOrderMessages({
    publicUrl: config.publicUrl,
    unpaidOrderHours: config.unpaidOrderHours,
  });
  const orderInvoices = createOrderInvoices();
  const payments = createPaymentsService(db, gateway, {
    orders: createPaymentOrders(db, orderMessages, orderInvoices),
    log: app.log,
  });
  const cart = createCartService(db);
  const orders = createOrdersService(db, {
    onStockChange: () => toolList.invalidate(),
    payments: payments.openPayments,
    cart,
    unpaidOrderHours: config.unpaidOrderHours,
    log: app.log,
    messages: orderMessages,
    refundMessages: createRefundMessages({ publicUrl: config.publicUrl }),
    invoices: orderInvoices,
    onAccountCommitted: (tx, companyId, committedCents, limitCents) =>
      noticeIfNearLimit(tx, companyId, committedCents, limitCents, config.publicUrl),
  });
  const uploads = createUploadsService(db, uploadStorage);
  const profiles = createProfilesService(db, { onProfilePhoto: adoptPhotoWhenNone(db) });
  const reviews = createReviewsService(db);
  const contact = createContactService(db, { publicUrl: config.publicUrl });
  const idempotency = createIdempotencyKeys(db);
  idempotencyKeySweep(app, idempotency);

  healthRoutes(app, { db, databaseKind: database.kind });
  apiDocumentRoutes(app);
  authRoutes(app, {
    auth,
    publicUrl: config.publicUrl,
    google: config.google !== undefined,
    pictureSources: identityProviderPictureSources(config.google?.discoveryUrl),
    accountSignIns: rateLimits.limiter("sign-in-failures", accountSignInRule),
    afterAnswer,
  });
  accountRoutes(app, { users });
  outboxRoutes(app, { outbox: createOutboxService(db) });
  const mailPreferences = createMailPreferences(db);
  notificationRoutes(app, { preferences: mailPreferences });
  const accountData = createAccountData(
    db,
    auth,
    {
      profileOf: (id) => profileDataOf(db, id),
      ordersOf: (id) => orders.ordersOfBuyer(id),
      reviewsOf: (id) => reviewsBy(db, id),
      uploadsOf: (id) => uploadsOf(db, id),
      cartOf: async (id) => (await cart.cart(id)).lines,
      ordersInProgress: ordersInProgressOf,
      anonymiseOrders: anonymiseBuyer,
      eraseReviews: eraseReviewsBy,
      forgetUploads: forgetUploadsOf,
      removeUploadFiles: (keys) => removeUploadFiles(uploadStorage, keys),
    },
    mailPreferences,
  );
  accountSettingsRoutes(app, { accountData });
  tokenRoutes(app, { tokens: apiTokens });
  catalogRoutes(app, { catalog, toolList, readyResponses });
  await catalogCsvRoutes(app, { db, toolList });
  await cartRoutes(app, { cart });
  sitemapRoutes(app, { publicUrl: config.publicUrl });
  shopLinksRoutes(app, { links: config.shopLinks });
  orderRoutes(app, { orders, idempotency, requireEmailVerification: config.requireEmailVerification });
  adminOrderRoutes(app, { orders });
  companyOrderRoutes(app, { orders });
  orderExportRoutes(app, { db });
  invoiceRoutes(app, {
    invoices,
    mayReadOrder: async (user, orderId) => (await orders.findOrderFor(user, orderId)) !== undefined,
  });
  paymentRoutes(app, { payments, gateway, orders, idempotency });
  unpaidOrderExpiry(app, {
    orders,
    hours: config.unpaidOrderHours,
    remind: (now) =>
      remindUnpaidOrders(db, { messages: orderMessages, unpaidOrderHours: config.unpaidOrderHours }, now),
  });
  await uploadRoutes(app, { uploads, limiter: rateLimits.limiter("upload-rate", uploadRule) });
  profileRoutes(app, { profiles });
  reviewRoutes(app, { reviews });
  companyRoutes(app, { companies: createCompaniesService(db, { publicUrl: config.publicUrl }) });
  taxRoutes(app, { tax: createTaxService(db) });
  const balanceDeps = { accountOrdersOf: companyAccountOrders, publicUrl: config.publicUrl };
  companyBalanceRoutes(app, { db, ...balanceDeps });
  balanceNoticeTimer(app, db, balanceDeps);
  contactRoutes(app, {
    contact,
    limiter: rateLimits.limiter("contact-rate", { limit: 5, windowMs: 60_000 }),
  });
  webhookRoutes(app, {
    webhooks: createWebhooksService(db, { allowPrivate: config.webhookAllowPrivate }),
  });
  webhooksDelivery(app, {
    db,
    allowPrivate: config.webhookAllowPrivate,
    timeoutMs: config.webhookTimeoutMs,
    shopUrl: config.publicUrl,
  });

  if (serveWeb) {
    await serveWebApp(app, {
      publicUrl: config.publicUrl,
      publicPages,
      readyResponses,
      distDir: webBuild?.distDir,
    });
  } else app.setNotFoundHandler((_request, reply) => reply.status(404).send({ error: "Not found" }));
  return app;
}
