import { Text } from "@react-email/components";
import { overdueBlockDays } from "#contract/companies";
import { formatCents } from "#contract/money";
import { Facts, MailLayout, shopName } from "../mail/templates/layout";
import { formatDay, renderMail } from "../mail/templates/render";

// The balance's messages (issue 27, item 6): an amount due in 3 days and an amount overdue, to the
// company's admins; a company past 90% of its credit limit, to the shop's admins.

type AmountProps = {
  company: string;
  /** "CM-10482 · PO ABC-123" */
  order: string;
  openCents: number;
  dueOn: string;
  shopUrl: string;
};

const companyPage = (shopUrl: string) => ({
  href: `${shopUrl}/dashboard/company`,
  label: "See your balance",
});

const amountWords = {
  due_soon: {
    subject: (p: AmountProps) =>
      `${formatCents(p.openCents)} for order ${p.order} is due on ${formatDay(p.dueOn)}`,
    heading: "A payment is due soon",
    text: (p: AmountProps) =>
      `${formatCents(p.openCents)} of ${p.company}'s order ${p.order} is due on ${formatDay(p.dueOn)}. Please pay it by bank transfer by then, quoting the order number.`,
    amountLabel: "Amount due",
    dayLabel: "Due on",
  },
  overdue: {
    subject: (p: AmountProps) => `${formatCents(p.openCents)} for order ${p.order} is overdue`,
    heading: "A payment is overdue",
    text: (p: AmountProps) =>
      `${formatCents(p.openCents)} of ${p.company}'s order ${p.order} was due on ${formatDay(p.dueOn)} and has not been paid. Please pay it by bank transfer now, quoting the order number: an amount overdue by more than ${overdueBlockDays} days stops new orders on account.`,
    amountLabel: "Amount overdue",
    dayLabel: "Was due on",
  },
} as const;

/**
 * To the company's admins: an amount due in `dueSoonDays` (`due_soon`), or past its due day
 * (`overdue`, sent on the first day it is).
 */
export async function amountDueMail(kind: keyof typeof amountWords, p: AmountProps) {
  const words = amountWords[kind];
  const subject = words.subject(p);
  const body = await renderMail(
    <MailLayout preview={subject} heading={words.heading} shopUrl={p.shopUrl} action={companyPage(p.shopUrl)}>
      <Text>{words.text(p)}</Text>
      <Facts
        rows={[
          ["Order", p.order],
          [words.amountLabel, formatCents(p.openCents)],
          [words.dayLabel, formatDay(p.dueOn)],
        ]}
      />
    </MailLayout>,
  );
  return { subject, ...body };
}

/** To the shop's admins: a company's committed balance has passed 90% of its credit limit. */
export function nearLimitMail(p: {
  company: string;
  committedCents: number;
  limitCents: number;
  shopUrl: string;
}) {
  const share = Math.floor((p.committedCents / p.limitCents) * 100);
  const subject = `${p.company} has used ${share}% of its credit limit`;
  return {
    subject,
    body: (
      <MailLayout
        preview={subject}
        heading="A company is near its credit limit"
        shopUrl={p.shopUrl}
        action={{ href: `${p.shopUrl}/dashboard/companies`, label: "See the companies" }}
      >
        <Text>
          {p.company}'s orders on account and not yet paid come to {formatCents(p.committedCents)} of its{" "}
          {formatCents(p.limitCents)} credit limit at {shopName}.
        </Text>
        <Facts
          rows={[
            ["Company", p.company],
            ["Committed", formatCents(p.committedCents)],
            ["Credit limit", formatCents(p.limitCents)],
          ]}
        />
      </MailLayout>
    ),
  };
}
