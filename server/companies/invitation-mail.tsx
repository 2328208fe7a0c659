import { Text } from "@react-email/components";
import { invitationDays } from "#contract/companies";
import { Facts, MailLayout, shopName } from "../mail/templates/layout";
import { formatMoment, renderMail } from "../mail/templates/render";

type Props = {
  company: string;
  invitedBy: string;
  role: "admin" | "buyer";
  url: string;
  expiresAt: Date;
  shopUrl: string;
};

const roleWords = {
  admin: "an admin (orders for the company, and manages its members)",
  buyer: "a buyer (orders for the company)",
} as const;

/** To the invited address: a company admin asks them to join the company's account. */
export async function invitationMail(p: Props) {
  const subject = `${p.invitedBy} invites you to ${p.company} on ${shopName}`;
  const body = await renderMail(
    <MailLayout
      preview={subject}
      heading={`Join ${p.company} on ${shopName}`}
      shopUrl={p.shopUrl}
      action={{ href: p.url, label: "Accept the invitation" }}
    >
      <Text>
        {p.invitedBy} invites you to order for {p.company} as {roleWords[p.role]}. Sign in (or sign up) with
        this email address, verify it, and open the link below to join. It works once, for {invitationDays}{" "}
        days.
      </Text>
      <Facts
        rows={[
          ["Company", p.company],
          ["Invited by", p.invitedBy],
          ["Expires", formatMoment(p.expiresAt)],
        ]}
      />
      <Text>If you did not expect it, ignore this message: nothing changes until the link is opened.</Text>
    </MailLayout>,
  );
  return { subject, ...body };
}
