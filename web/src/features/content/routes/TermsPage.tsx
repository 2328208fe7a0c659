import { PolicyLink, PolicyPage, type PolicySection, policyList } from "../components/PolicyPage";

const sections: PolicySection[] = [
  {
    id: "who-sells",
    title: "Who sells",
    body: (
      <>
        <p>
          Car Mechanic is a parts wholesaler. We sell car tools and parts in minimum-quantity lots to
          workshops and resellers. These terms apply to every order placed on this site.
        </p>
        <p>
          You can reach us through the <PolicyLink to="/contact">contact page</PolicyLink>, by phone from
          10:00am to 07:00pm, or at our office from 9.00am to 5.00pm Monday to Friday.
        </p>
      </>
    ),
  },
  {
    id: "lots-and-prices",
    title: "Lots and prices",
    body: (
      <>
        <p>
          Every tool shows its price per piece and the smallest lot you can order; some tools are sold in
          steps of a fixed number of pieces. The total of an order is the price per piece times the quantity,
          shown on the order form before you place it.
        </p>
        <p>
          Prices are in US dollars (USD). The price of an order is fixed when you place it: a later change to
          the tool's price does not change an order already placed.
        </p>
      </>
    ),
  },
  {
    id: "payment",
    title: "Payment",
    body: (
      <>
        <p>
          You pay for an order by card when you order it, on its payment page (My Orders has a Pay button for
          every unpaid order). Card payments go through Stripe, our payment provider; we never see or keep
          your card number. Your card is charged once, in US dollars, when you press Pay.
        </p>
        <ul className={policyList}>
          <li>
            Every unpaid order shows a <strong>pay by</strong> time in My Orders. Until then, its pieces are
            kept for you.
          </li>
          <li>
            An order not paid by that time is released: its pieces go back on sale, the order is cancelled and
            nothing is charged to you.
          </li>
          <li>A payment that reaches us for an order already released or cancelled is refunded in full.</li>
        </ul>
      </>
    ),
  },
  {
    id: "instalments",
    title: "Instalments",
    body: (
      <>
        <p>
          An order can be spread over 6 months with our free instalment facilities: no interest and no fees.
        </p>
        <p>
          To pay in instalments, write to us through the <PolicyLink to="/contact">contact page</PolicyLink>{" "}
          before you order, with the tool and the quantity you have in mind. We reply with the instalment plan
          for that order and how to place it; an order placed and paid by card in the ordinary way is paid in
          full.
        </p>
      </>
    ),
  },
  {
    id: "delivery",
    title: "Delivery",
    body: (
      <p>
        Every tool shows its lead time: the days we need to bring it to your door. The needed-by date you
        choose on the order can be no earlier than today plus that lead time, and we deliver a paid order to
        the address on it by that date, free of charge. The details are on the{" "}
        <PolicyLink to="/shipping">Shipping &amp; returns</PolicyLink> page.
      </p>
    ),
  },
  {
    id: "returns",
    title: "Returns",
    body: (
      <p>
        You may return a lot unopened within 30 days of its delivery, and we refund its price in full to the
        card you paid with. We pick it up from your workshop free of charge. How to ask for a return is on the{" "}
        <PolicyLink to="/shipping">Shipping &amp; returns</PolicyLink> page.
      </p>
    ),
  },
  {
    id: "warranty",
    title: "Warranty",
    body: (
      <p>
        Every part we sell is 100% genuine and carries its maker's warranty. If a part fails within its
        warranty, tell us through the <PolicyLink to="/contact">contact page</PolicyLink>: we pick it up,
        handle the claim with the maker and bring the repaired or replaced part back, free of charge.
      </p>
    ),
  },
  {
    id: "your-data",
    title: "Your data",
    body: (
      <p>
        What we keep about you and your orders, and why, is on the{" "}
        <PolicyLink to="/privacy">Privacy</PolicyLink> page. You can download your data or delete your account
        at any time in your account settings.
      </p>
    ),
  },
];

/** /terms: who sells, and what an order, its payment, delivery, returns and warranty come with. */
export function TermsPage() {
  return (
    <PolicyPage
      title="Terms of sale"
      description="Car Mechanic's terms of sale: lots and prices in USD, card payment through Stripe with a pay-by time, free instalments on request, delivery within each tool's lead time, 30-day returns of unopened lots and warranty on genuine parts."
      eyebrow="Buying from us"
      intro={
        <p>
          What you agree to when you order from Car Mechanic, and what we promise in return. Please read them
          before you pay.
        </p>
      }
      sections={sections}
    />
  );
}
