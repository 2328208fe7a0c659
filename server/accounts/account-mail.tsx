import { Text } from "@react-email/components";
import type { ReactNode } from "react";
import { MailLayout, shopName } from "../mail/templates/layout";
import { renderMail } from "../mail/templates/render";

type AccountMail = { subject: string; html: string; text: string };
type LinkFor = { name: string; url: string; shopUrl: string };

/** A message whose point is one link for the account's owner: greeting, what it does, the button. */
async function linkMail(
  p: LinkFor,
  copy: { subject: string; heading: string; action: string; body: ReactNode },
): Promise<AccountMail> {
  const body = await renderMail(
    <MailLayout
      preview={copy.heading}
      heading={copy.heading}
      shopUrl={p.shopUrl}
      action={{ href: p.url, label: copy.action }}
    >
      <Text>Hello {p.name},</Text>
      {copy.body}
    </MailLayout>,
  );
  return { subject: copy.subject, ...body };
}

/** The message with the link that sets a new password (one use, an hour). */
export function passwordResetMail(p: LinkFor): Promise<AccountMail> {
  return linkMail(p, {
    subject: `Reset your ${shopName} password`,
    heading: "Reset your password",
    action: "Choose a new password",
    body: (
      <>
        <Text>
          Someone (hopefully you) asked to reset the password of your {shopName} account. The link below works
          once, within one hour. After the reset, every other device signed in to your account is signed out.
        </Text>
        <Text>If you did not ask for it, ignore this message: your password stays as it is.</Text>
      </>
    ),
  });
}

/** The message with the link that verifies the account's address. */
export function verifyEmailMail(p: LinkFor): Promise<AccountMail> {
  return linkMail(p, {
    subject: `Verify your email for ${shopName}`,
    heading: "Confirm your email address",
    action: "Verify my address",
    body: (
      <>
        <Text>
          Please confirm that this address belongs to your {shopName} account. The link works for 24 hours;
          you can ask for a new one from your dashboard.
        </Text>
        <Text>If you did not create an account, ignore this message.</Text>
      </>
    ),
  });
}
