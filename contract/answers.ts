import * as z from "zod/mini";
import { type ShopLinkName, type ShopLinks, shopLinkNames } from "./shop-links";

// The API's answers that the web app reads, each defined once: its type is the schema's output, the
// server's tests hold its answers to the schema, and the web app checks every answer with it
// (readJson in web/src/lib/api.ts, a body of another shape is "an answer we could not read").
// zod/mini, not zod: the same checks in about a third of the code, and the web app loads this file
// only when it reads its first answer (`lazySchema`), never before a first page is painted. Nothing
// here may import a module that uses full zod (it would come along).

const text = z.string();
const nonEmptyText = z.string().check(z.minLength(1));
const textOrNull = z.nullable(z.string());
/** A field read by hand below, which may be absent. */
const anything = z.optional(z.unknown());
/** A flag the web app reads as true only when it is `true`: absent, or anything else, is false. */
const onlyTrue = z.catch(z.boolean(), false);

/** A tool as the API sends it (the spec's "service"); price in dollars. */
export const toolSchema = z.object({
  _id: text,
  name: text,
  img: text,
  price: z.number(),
  minimum: z.int(),
  maximum: z.nullable(z.int()),
  increment: z.int(),
  available: z.int(),
  leadTimeDays: z.int(),
  description: text,
  /** The part number, or null. */
  sku: textOrNull,
  /** Admins are told when the stock falls to or below this; null means never. */
  lowStockAt: z.nullable(z.int()),
  /** Volume price breaks, in increasing quantity ([] when none); `price` is the price below the first. */
  priceBreaks: z.array(z.object({ minQuantity: z.int(), price: z.number() })),
});
export type Tool = z.output<typeof toolSchema>;

/** `GET /api/service`: a page of tools. */
export const toolListAnswer = z.array(toolSchema);

/** One line of the cart as the API sends it; money in dollars, priced by the server. */
export const cartLineAnswer = z.object({
  toolId: z.uuid(),
  sku: text,
  name: text,
  img: text,
  quantity: z.int(),
  /** Today's price a piece. */
  unitPrice: z.number(),
  /** unitPrice × quantity, counted in cents. */
  lineTotal: z.number(),
  /** The price a piece when the line was put in the cart; differs from unitPrice after a price change. */
  addedUnitPrice: z.number(),
  /**
   * What changed about a line's tool since it went into the cart: the line stays, and says so, until
   * the buyer changes or removes it. `null` when the line can be checked out as it is.
   */
  problem: textOrNull,
  // The tool's lot rules today (contract/lot-rules.ts), so the line's stepper needs no read of the tool:
  minimum: z.int(),
  /** Most pieces per order; null: only the stock limits it. */
  maximum: z.nullable(z.int()),
  increment: z.int(),
  /** Pieces in stock. */
  available: z.int(),
  /** Days the tool takes to arrive: the slowest line decides the order's earliest needed-by day. */
  leadTimeDays: z.int(),
});
export type CartLine = z.output<typeof cartLineAnswer>;

/** `GET /api/cart` and every change to it. `total` sums the line totals of lines without a problem. */
export const cartAnswer = z.object({
  lines: z.array(cartLineAnswer),
  total: z.number(),
});
export type Cart = z.output<typeof cartAnswer>;

/** An error as every route answers it: what went wrong, in words a person reads. */
export const errorAnswer = z.object({ error: text });

/** `POST /api/service` and `POST /api/review`: the new record's id. */
export const insertedAnswer = z.object({ insertedId: nonEmptyText });

/** `POST /api/myProfile` and `POST /api/myPortfolio`: the id, also when an existing one was updated. */
export const savedAnswer = z.object({ insertedId: nonEmptyText, updated: onlyTrue });
export type SavedResponse = z.output<typeof savedAnswer>;

/** `DELETE /api/service/{id}`: `archived` when the tool has orders (it left the shop, kept for them). */
export const deletedToolAnswer = z.object({ deletedCount: z.int(), archived: onlyTrue });
export type DeleteToolResult = z.output<typeof deletedToolAnswer>;

/**
 * A record each user keeps one of (a profile, a portfolio: contract/profiles.ts's OwnRecordKind):
 * its fields, in the order the API sends them after `_id`, and those only its owner and admins see.
 */
export type OwnRecordFields<Field extends string = string, Private extends Field = Field> = {
  fields: readonly Field[];
  privateFields: readonly Private[];
};

/** A record as the API sends it: `_id` and its fields as text, the private ones only to its owner and admins. */
function ownRecordAnswer<Field extends string, Private extends Field>({
  fields,
  privateFields,
}: OwnRecordFields<Field, Private>) {
  const isPrivate = (field: string) => (privateFields as readonly string[]).includes(field);
  return z.object(
    Object.fromEntries([
      ["_id", text],
      ...fields.map((field) => [field, isPrivate(field) ? z.optional(text) : text]),
    ]) as { _id: typeof text } & { [F in Exclude<Field, Private>]: typeof text } & {
      [F in Private]: z.ZodMiniOptional<typeof text>;
    },
  );
}

/** A profile's fields; email and phone only to its owner and admins. */
export const profileFields = {
  fields: ["name", "email", "education", "location", "phone", "linkedIn", "img"],
  privateFields: ["email", "phone"],
} as const satisfies OwnRecordFields;

/** `GET /api/myProfile?email=`: a profile; email and phone only to its owner and admins. */
export const profileAnswer = ownRecordAnswer(profileFields);
export type ProfileView = z.output<typeof profileAnswer>;

/** `GET /api/showAllProfile` (admins): a page of profiles. */
export const profileListAnswer = z.array(profileAnswer);

/** A portfolio's fields; `email` only to its owner and admins. */
export const portfolioFields = {
  fields: ["name", "email", "education", "skill", "project1", "project2", "project3", "img"],
  privateFields: ["email"],
} as const satisfies OwnRecordFields;

/** A portfolio (`GET /api/myPortfolio?email=`); `email` only for its owner and admins. */
export const portfolioAnswer = ownRecordAnswer(portfolioFields);
export type Portfolio = z.output<typeof portfolioAnswer>;

/** A review as everyone sees it; `verified` (absent is false) when the reviewer has a paid or shipped order. */
export const reviewAnswer = z.object({
  _id: text,
  name: text,
  description: text,
  rating: z.number(),
  verified: z._default(z.boolean(), false),
});
export type Review = z.output<typeof reviewAnswer>;

/** `GET /api/review`: the newest reviews first. */
export const reviewListAnswer = z.array(reviewAnswer);

/** A message in the admins' inbox (`GET /api/contact`). */
export const contactMessageAnswer = z.object({
  _id: text,
  email: text,
  subject: text,
  message: text,
  read: z.boolean(),
  createdAt: text,
});
export type ContactMessage = z.output<typeof contactMessageAnswer>;
export const contactMessageListAnswer = z.array(contactMessageAnswer);

/** A company account (issue 27); creditLimit in dollars. */
export const companyAnswer = z.object({
  _id: text,
  name: text,
  taxId: text,
  address: text,
  status: z.enum(["pending", "approved", "rejected"]),
  /** 0 = card only, else days after shipping an on-account order is due. */
  paymentTermsDays: z.int(),
  creditLimit: z.number(),
  discountPercent: z.int(),
  poRequired: z.boolean(),
  /** Tax-exempt (issue 28): why, printed on its invoices (0 % tax); null when it pays tax. */
  taxExemptReason: z.nullable(z.string()),
  createdAt: text,
});
export type Company = z.output<typeof companyAnswer>;

/** `GET /api/companies` (shop admins): a company with who applied for it (null once that account is gone). */
export const companyListItemAnswer = z.extend(companyAnswer, {
  applicant: z.nullable(z.object({ name: text, email: text })),
});
export type CompanyListItem = z.output<typeof companyListItemAnswer>;
export const companyListAnswer = z.array(companyListItemAnswer);

const companyRole = z.enum(["admin", "buyer"]);

/**
 * `GET /api/companies/mine`: the caller's company, their role, its members and (to its admins) the
 * invitations not yet accepted; `company` null when the caller belongs to none.
 */
export const myCompanyAnswer = z.object({
  company: z.nullable(companyAnswer),
  role: z.nullable(companyRole),
  members: z.array(z.object({ userId: text, name: text, email: text, role: companyRole, joinedAt: text })),
  invitations: z.array(z.object({ _id: text, email: text, role: companyRole, expiresAt: text })),
});
export type MyCompany = z.output<typeof myCompanyAnswer>;

/** A payment received from a company (amount in dollars). */
export const companyPaymentAnswer = z.object({
  _id: text,
  amount: z.number(),
  reference: text,
  receivedOn: text,
  createdAt: text,
});
export type CompanyPayment = z.output<typeof companyPaymentAnswer>;

/** A shipped on-account order's amount: what is still open of it after the payments (oldest first). */
const amountDue = z.object({
  orderId: text,
  orderNumber: text,
  poNumber: z.nullable(text),
  /** The order's total, and what of it is still unpaid (dollars). */
  total: z.number(),
  open: z.number(),
  shippedOn: text,
  dueOn: text,
  /** Days past dueOn (0 when not yet due). */
  daysOverdue: z.int(),
});

/**
 * `GET /api/companies/{id}/balance` (its admins, shop admins). `balance` = shipped on account − payments
 * (negative: a credit); `committed` adds the on-account orders not shipped yet, and is what the credit
 * limit holds; `available` = creditLimit − committed. Dollars.
 */
export const companyBalanceAnswer = z.object({
  balance: z.number(),
  committed: z.number(),
  creditLimit: z.number(),
  available: z.number(),
  overdue: z.number(),
  /** Open amounts, oldest due first. */
  due: z.array(amountDue),
  payments: z.array(companyPaymentAnswer),
});
export type CompanyBalance = z.output<typeof companyBalanceAnswer>;

/** A line of the statement (`GET /api/companies/{id}/statement`, JSON or CSV): oldest first. */
export const statementLineAnswer = z.object({
  date: text,
  /** An order shipped on account, a credit note of one refunded after it shipped (issue 28), a payment. */
  kind: z.enum(["order", "credit_note", "payment"]),
  /** The order's number and PO number, "Credit note CN-… for CM-…", or the payment's reference. */
  reference: text,
  /** Charged (an order shipped on account) or credited (a credit note, a payment), dollars; one of them 0. */
  charge: z.number(),
  credit: z.number(),
  runningBalance: z.number(),
});
export type StatementLine = z.output<typeof statementLineAnswer>;
export const statementAnswer = z.array(statementLineAnswer);

/**
 * A message in the admins' Outbox page (`GET /api/outbox`). `status`: waiting (to be sent, or
 * being sent), sent, failed (gave up after the last attempt), kept (no SMTP server configured).
 * `text` is null for a delivered password-reset or verification message: its link belongs to its owner.
 */
export const outboxMessageAnswer = z.object({
  _id: text,
  kind: text,
  to: text,
  subject: text,
  text: textOrNull,
  status: z.enum(["waiting", "sent", "failed", "kept"]),
  attempts: z.int(),
  lastError: textOrNull,
  createdAt: text,
  sentAt: textOrNull,
  nextAttemptAt: text,
  /** The names of the files it carries (an invoice's PDF). */
  attachments: z.array(text),
});
export type OutboxMessage = z.output<typeof outboxMessageAnswer>;
export const outboxListAnswer = z.array(outboxMessageAnswer);

/** The messages an admin may turn off (notifications.ts). */
export const adminMailKinds = [
  "paid-order",
  "contact-message",
  "low-stock",
  "company-near-limit",
  "webhook-switched-off",
] as const;

/** GET and PUT /api/account/notifications answer: each kind the caller may receive, on or off. */
export const notificationSettingsAnswer = z.object({
  notifications: z.array(z.object({ kind: z.enum(adminMailKinds), label: text, enabled: z.boolean() })),
});
export type NotificationSettings = z.output<typeof notificationSettingsAnswer>;

/** `POST /api/upload`: the image-hosting service's shape the spec's forms read (`data.url`). */
export const uploadAnswer = z.object({
  success: z.literal(true),
  data: z.object({ url: text, thumbUrl: text, width: z.number(), height: z.number() }),
});
export type UploadResponse = z.output<typeof uploadAnswer>;

/** A link as the web app shows it: an https:// address; any other value is left out, not refused. */
const shopLink = z.catch(z.optional(z.string().check(z.startsWith("https://"))), undefined);

/** `GET /api/shop-links`: an https:// address for each link that is set; other names are dropped. */
export const shopLinksAnswer = z.pipe(
  z.object(
    Object.fromEntries(shopLinkNames.map((name) => [name, shopLink])) as Record<
      ShopLinkName,
      typeof shopLink
    >,
  ),
  z.transform((links): ShopLinks => {
    const set: ShopLinks = {};
    for (const name of shopLinkNames) if (links[name]) set[name] = links[name];
    return set;
  }),
);

/**
 * `GET /api/auth/get-session` (Better Auth): `null` when nobody is signed in (a 200, not a 401),
 * else the signed-in user, of whom the web app reads these fields. A photo of "" is none.
 */
export const sessionAnswer = z.nullable(
  z.pipe(
    z.object({
      user: z.object({
        id: text,
        name: text,
        email: text,
        image: anything,
        role: anything,
        emailVerified: anything,
      }),
    }),
    z.transform(({ user: { id, name, email, image, role, emailVerified } }) => ({
      id,
      name,
      email,
      /** The photo URL, or null when the account has none. */
      image: typeof image === "string" && image !== "" ? image : null,
      role: typeof role === "string" ? role : null,
      /** The address was proved (the emailed link, or the identity provider said so). */
      emailVerified: emailVerified === true,
    })),
  ),
);
export type SessionUser = NonNullable<z.output<typeof sessionAnswer>>;
