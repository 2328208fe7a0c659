import { Text } from "@react-email/components";
import { MailLayout, shopName } from "../mail/templates/layout";
import { renderMail } from "../mail/templates/render";

/** To the NEW address of a change of email: the account takes it only once this link is opened. */
export async function changeEmailMail(p: {
  name: string;
  newEmail: string;
  url: string;
  shopUrl: string;
}): Promise<{ subject: string; html: string; text: string }> {
  const body = await renderMail(
    <MailLayout
      preview="Confirm your new email address"
      heading="Confirm your new email address"
      shopUrl={p.shopUrl}
      action={{ href: p.url, label: "Use this address" }}
    >
      <Text>Hello {p.name},</Text>
      <Text>
        You asked to sign in to your {shopName} account with {p.newEmail} from now on. Your account keeps its
        current address until you open the link below, which works for 24 hours.
      </Text>
      <Text>If you did not ask for it, ignore this message: nothing changes.</Text>
    </MailLayout>,
  );
  return { subject: `Confirm your new email for ${shopName}`, ...body };
}
