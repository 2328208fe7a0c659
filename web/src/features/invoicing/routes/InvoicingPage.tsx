import { PanelHeading } from "#web/components/PanelHeading";
import { QueryState } from "#web/components/QueryState";
import { SettingsCard } from "#web/components/SettingsCard";
import { Spinner } from "#web/components/Spinner";
import { useSeller, useTaxSettings } from "../api/settings";
import { SellerForm } from "../components/SellerForm";
import { TaxRatesForm } from "../components/TaxRatesForm";

/** /dashboard/invoicing (shop admins): who issues the invoices, and the tax rates orders are charged. */
export function InvoicingPage() {
  const seller = useSeller();
  const rates = useTaxSettings();
  return (
    <section aria-labelledby="invoicing-heading" className="max-w-5xl space-y-6">
      <title>Invoicing · Car Mechanic</title>
      <PanelHeading id="invoicing-heading" title="Invoicing">
        The seller's details printed on every invoice and credit note, and the tax each order is charged by
        its delivery address.
      </PanelHeading>
      <SettingsCard
        title="Seller details"
        intro="Printed on the invoices and credit notes issued from now on; those already issued keep theirs."
      >
        <QueryState
          query={seller}
          pending={<Spinner label="Loading the seller details…" />}
          errorTitle="We could not load the seller details"
          errorPanel={{ headingLevel: 3, size: "compact" }}
        >
          {(data) => <SellerForm seller={data} />}
        </QueryState>
      </SettingsCard>
      <SettingsCard
        title="Tax rates"
        intro="New orders take these rates; orders already placed keep the tax they were placed with."
      >
        <QueryState
          query={rates}
          pending={<Spinner label="Loading the tax rates…" />}
          errorTitle="We could not load the tax rates"
          errorPanel={{ headingLevel: 3, size: "compact" }}
        >
          {(data) => <TaxRatesForm rates={data.rates} />}
        </QueryState>
      </SettingsCard>
    </section>
  );
}
