import type { Tx } from "#server/db/database";
import { Facts, MailLayout } from "../mail/templates/layout";
import { enqueueToAdmins } from "../mail/templates/to-admins";

/** The reason an endpoint shows once the deliverer switched it off. */
export const switchedOffReason = (at: Date) =>
  `Switched off ${at.toISOString().slice(0, 10)}: every delivery failed for 24 hours`;

/**
 * Tells the admins (those who have not turned these messages off) that an endpoint was switched off,
 * in the transaction that switched it off: once per switch-off (`about` is the endpoint and the time).
 */
export async function tellAdminsSwitchedOff(
  tx: Tx,
  endpoint: { id: string; url: string; failingSince: Date; lastError: string },
  at: Date,
  shopUrl: string,
): Promise<void> {
  await enqueueToAdmins(tx, "webhook-switched-off", {
    about: `${endpoint.id}:${at.toISOString()}`,
    subject: `Webhook endpoint switched off: ${new URL(endpoint.url).host}`,
    body: (
      <MailLayout
        preview={`Every delivery to ${endpoint.url} failed for 24 hours`}
        heading="A webhook endpoint was switched off"
        shopUrl={shopUrl}
        action={{ href: `${shopUrl}/dashboard/webhooks`, label: "See its deliveries" }}
      >
        <Facts
          rows={[
            ["Address", endpoint.url],
            ["Failing since", endpoint.failingSince.toISOString()],
            ["Last error", endpoint.lastError],
            ["Its deliveries", "wait until it is switched on again"],
          ]}
        />
      </MailLayout>
    ),
  });
}
