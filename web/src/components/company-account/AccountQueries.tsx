import type { ReactNode } from "react";
import type { CompanyBalance } from "#contract/companies";
import { useCompanyBalance, useCompanyStatement } from "#web/lib/companies/account";
import { QueryState } from "../QueryState";
import { Spinner } from "../Spinner";
import { StatementTable } from "./StatementTable";

const errorPanel = { headingLevel: 3, size: "compact" } as const;

/** A company's balance once read (loading and failure shown in its place), drawn by `children`. */
export function CompanyBalanceState({
  companyId,
  children,
}: {
  companyId: string;
  children: (balance: CompanyBalance) => ReactNode;
}) {
  const balance = useCompanyBalance(companyId);
  return (
    <QueryState
      query={balance}
      pending={<Spinner label="Loading the account…" />}
      errorTitle="We could not load the account"
      errorPanel={errorPanel}
    >
      {children}
    </QueryState>
  );
}

/** A company's statement, read when this shows: the table (cards on phones), loading, failure. */
export function CompanyStatement({ companyId, label }: { companyId: string; label: string }) {
  const statement = useCompanyStatement(companyId);
  return (
    <QueryState
      query={statement}
      pending={<Spinner label="Loading the statement…" />}
      errorTitle="We could not load the statement"
      errorPanel={errorPanel}
    >
      {(lines) => <StatementTable lines={lines} label={label} />}
    </QueryState>
  );
}
