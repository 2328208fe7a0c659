import { PolicyLink, PolicyPage, type PolicySection, policyList } from "../components/PolicyPage";

const sections: PolicySection[] = [
  {
    id: "who-we-are",
    title: "Who keeps your data",
    body: (
      <p>
        Car Mechanic, the parts wholesaler that runs this shop, keeps the data described here and is
        responsible for it. Questions about it are welcome through the{" "}
        <PolicyLink to="/contact">contact page</PolicyLink>.
      </p>
    ),
  },
  {
    id: "what-we-keep",
    title: "What we keep, and why",
    body: (
      <ul className={policyList}>
        <li>
          <strong>Your account:</strong> your name, email address, password (stored only as a secure hash),
          the photo you add and your signed-in sessions. If you sign in with Google, we receive your name,
          email address and picture from Google. We keep these to sign you in and to show who you are.
        </li>
        <li>
          <strong>Your orders:</strong> the tool, quantity, price, delivery address, needed-by date, status
          and, once paid, the payment's transaction id. We need them to deliver your orders, and we keep them
          for the shop's accounts.
        </li>
        <li>
          <strong>Payments:</strong> your card is handled by Stripe, our payment provider. We keep only the
          payment's id, amount and outcome, never your card number.
        </li>
        <li>
          <strong>Emails:</strong> the emails we send you (about your orders, your account's verification,
          password resets and changes of address) are kept with the time they were sent, so that they reach
          you and we can tell what was sent.
        </li>
        <li>
          <strong>What you publish:</strong> your profile, portfolio, reviews and their photos, kept to show
          them where you chose to.
        </li>
        <li>
          <strong>Messages you send us</strong> through the contact form, kept so that we can answer them.
        </li>
      </ul>
    ),
  },
  {
    id: "in-your-browser",
    title: "In your browser",
    body: (
      <p>
        A cookie keeps you signed in; it is removed when you sign out. The delivery date you pick on the home
        page is remembered in your browser only, to fill in your next order. On the payment page Stripe sets
        its own cookies, to detect fraud. We use no advertising or tracking cookies.
      </p>
    ),
  },
  {
    id: "who-else",
    title: "Who else sees it",
    body: (
      <p>
        Only the services that do part of the work for us: Stripe, to take card payments; Google, if you
        choose to sign in with it; and the mail service that delivers our emails. We do not sell your data or
        share it with advertisers.
      </p>
    ),
  },
  {
    id: "your-choices",
    title: "Download or delete your data",
    body: (
      <>
        <p>In your account settings (Dashboard, then Account settings) you can at any time:</p>
        <ul className={policyList}>
          <li>
            <strong>Download my data:</strong> a file with your account, profile, portfolio, orders and
            reviews.
          </li>
          <li>
            <strong>Delete my account:</strong> your profile, portfolio, reviews and photos are erased and you
            are signed out everywhere. Your orders stay in the shop's accounts without your name or contact
            details. Orders still unpaid or waiting to ship must be cancelled or received first.
          </li>
          <li>Change your name, photo, email address and password.</li>
        </ul>
      </>
    ),
  },
];

/** /privacy: the data the shop keeps, why, who else sees it, and how to download or delete it. */
export function PrivacyPage() {
  return (
    <PolicyPage
      title="Privacy"
      description="What Car Mechanic keeps about you and why: your account, your orders for the shop's accounts, the emails we send; and how to download your data or delete your account."
      eyebrow="Your data"
      intro={
        <p>What we keep about you, why we keep it, and how you can take it with you or have it deleted.</p>
      }
      sections={sections}
    />
  );
}
