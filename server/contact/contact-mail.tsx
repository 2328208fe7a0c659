import { Text } from "@react-email/components";
import { formatMoment } from "#server/mail/templates/render";
import { Facts, MailLayout } from "../mail/templates/layout";

type Props = {
  message: { email: string; subject: string; message: string };
  receivedAt: Date;
  shopUrl: string;
};

/** To every admin who wants it: someone wrote through the contact form. */
export const contactMessageMail = (props: Props) => <ContactMessageMail {...props} />;

function ContactMessageMail(props: Props) {
  const { message } = props;
  return (
    <MailLayout
      preview={`${message.email}: ${message.subject}`}
      heading="A new contact message"
      shopUrl={props.shopUrl}
      action={{ href: `${props.shopUrl}/dashboard/contactMessages`, label: "Open the messages" }}
    >
      <Facts
        rows={[
          ["From", message.email],
          ["Subject", message.subject],
          ["Received", formatMoment(props.receivedAt)],
        ]}
      />
      <Text style={{ whiteSpace: "pre-wrap" }}>{message.message}</Text>
    </MailLayout>
  );
}
