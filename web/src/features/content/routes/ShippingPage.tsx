import { PolicyLink, PolicyPage, type PolicySection, policyList } from "../components/PolicyPage";

const sections: PolicySection[] = [
  {
    id: "delivery",
    title: "Delivery within the lead time",
    body: (
      <>
        <p>
          Every tool shows its lead time: the days we need to bring it to your door. When you order, you
          choose the date you need the lot by; the earliest date you can choose is today plus the tool's lead
          time.
        </p>
        <ul className={policyList}>
          <li>We deliver a paid order to the address on it by its needed-by date.</li>
          <li>
            Delivery is free, whatever the size of the lot: our own vans bring it to your workshop door.
          </li>
          <li>
            My Orders shows where each order stands: awaiting payment, preparing shipment, then shipped.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "returns",
    title: "Returns within 30 days",
    body: (
      <>
        <p>You may return a lot that is still unopened within 30 days of its delivery.</p>
        <ol className="list-decimal space-y-2 pl-6 marker:font-semibold marker:text-accent-dark">
          <li>
            Write to us through the <PolicyLink to="/contact">contact page</PolicyLink> with the order and the
            lot you are returning.
          </li>
          <li>We agree a day with you and our driver picks the lot up from your workshop, free of charge.</li>
          <li>
            Once we have checked that it is unopened, we refund its price in full to the card you paid with.
          </li>
        </ol>
        <p>
          An opened lot cannot be returned, unless a part in it is faulty: then the warranty below applies.
        </p>
      </>
    ),
  },
  {
    id: "damaged",
    title: "Damaged or missing parts",
    body: (
      <p>
        If a lot arrives damaged or short, tell us through the{" "}
        <PolicyLink to="/contact">contact page</PolicyLink> and we collect what is wrong and bring what is
        missing or a replacement, free of charge.
      </p>
    ),
  },
  {
    id: "warranty",
    title: "Warranty on genuine parts",
    body: (
      <p>
        Every part we sell is 100% genuine and carries its maker's warranty. If a part fails within its
        warranty, tell us through the <PolicyLink to="/contact">contact page</PolicyLink>: we pick it up,
        handle the claim with the maker and bring the repaired or replaced part back, free of charge.
      </p>
    ),
  },
  {
    id: "more",
    title: "Payment and instalments",
    body: (
      <p>
        How you pay, by when, and how to ask to pay in instalments is in our{" "}
        <PolicyLink to="/terms">Terms of sale</PolicyLink>.
      </p>
    ),
  },
];

/** /shipping: delivery within each tool's lead time, 30-day returns of unopened lots, warranty. */
export function ShippingPage() {
  return (
    <PolicyPage
      title="Shipping & returns"
      description="Car Mechanic delivers every paid order free, within each tool's lead time, returns unopened lots within 30 days with a full refund, and handles warranty claims on genuine parts."
      eyebrow="Delivery and returns"
      intro={
        <p>How your lots reach your workshop, how to send one back, and what to do when a part is faulty.</p>
      }
      sections={sections}
    />
  );
}
