import { Text } from "@react-email/components";
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

/** To the company's admins, `dueSoonDays` before an amount is due. */
export async function dueSoonMail(p: AmountProps) {
  const subject = `${formatCents(p.openCents)} for order ${p.order} is due on ${formatDay(p.dueOn)}`;
  const body = await renderMail(
    <MailLayout
      preview={subject}
      heading="A payment is due soon"
      shopUrl={p.shopUrl}
      action={companyPage(p.shopUrl)}
    >
      <Text>
        {formatCents(p.openCents)} of {p.company}'s order {p.order} is due on {formatDay(p.dueOn)}. Please pay
        it by bank transfer by then, quoting the order number.
      </Text>
      <Facts
        rows={[
          ["Order", p.order],
          ["Amount due", formatCents(p.openCents)],
          ["Due on", formatDay(p.dueOn)],
        ]}
      />
    </MailLayout>,
  );
  return { subject, ...body };
}

/** To the company's admins, on the first day an amount is past its due day. */
export async function overdueMail(p: AmountProps) {
  const subject = `${formatCents(p.openCents)} for order ${p.order} is overdue`;
  const body = await renderMail(
    <MailLayout
      preview={subject}
      heading="A payment is overdue"
      shopUrl={p.shopUrl}
      action={companyPage(p.shopUrl)}
    >
      <Text>
        {formatCents(p.openCents)} of {p.company}'s order {p.order} was due on {formatDay(p.dueOn)} and has
        not been paid. Please pay it by bank transfer now, quoting the order number: an amount overdue by more
        than 15 days stops new orders on account.
      </Text>
      <Facts
        rows={[
          ["Order", p.order],
          ["Amount overdue", formatCents(p.openCents)],
          ["Was due on", formatDay(p.dueOn)],
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
