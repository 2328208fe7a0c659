import { asc } from "drizzle-orm";
import { expect, it } from "vitest";
import {
  type SellerAnswer,
  sellerAnswer,
  type TaxRateInput,
  type TaxRatesAnswer,
  taxRatesAnswer,
} from "../../contract/tax";
import { expectAnswer } from "../test/answers";
import { call } from "../test/requests";
import { adminEmail, usersAndAdmin } from "../test/sessions";
import { describeEachDatabase } from "../test/test-env";
import { sellerDetails, taxRates } from "./tables";

// The shop's tax settings (issue 28): the rates anyone reads (the checkout and Order Now forms show
// the tax before paying), and the rates and seller's details only the shop's admins set.

describeEachDatabase(
  "tax settings: GET /api/tax/rates, GET|PUT /api/settings/tax, GET|PUT /api/settings/seller",
  (env) => {
    const people = usersAndAdmin(env);

    const rows = () => env.db.select().from(taxRates).orderBy(asc(taxRates.country), asc(taxRates.regionKey));
    const putRates = (rates: unknown) => call(env.app, "PUT", "/api/settings/tax", people.admin, { rates });

    const usRates: TaxRateInput[] = [
      { country: "us", region: "New York", rate: 8.875, label: "NY sales tax" },
      { country: "US", rate: 5, label: "Sales tax" },
      { country: "DE", region: "", rate: 19, label: "VAT" },
    ];

    it("lets only the shop's admins read and change the settings; anyone reads the rates", async () => {
      const seller = {
        legalName: "Car Mechanic Supplies LLC",
        address: "1 Workshop Way, Springfield",
        taxId: "US-12-3456789",
        bankDetails: "IBAN US00 0000 0000 0000",
      };
      for (const who of [undefined, people.user]) {
        const status = who ? 403 : 401;
        for (const [method, url, body] of [
          ["GET", "/api/settings/tax", undefined],
          ["PUT", "/api/settings/tax", { rates: usRates }],
          ["GET", "/api/settings/seller", undefined],
          ["PUT", "/api/settings/seller", seller],
        ] as const) {
          const res = await call(env.app, method, url, who, body);
          expect(res.statusCode, `${method} ${url}`).toBe(status);
          expect(res.json()).toHaveProperty("error");
        }
      }
      expect(await rows()).toEqual([]);
      expect(await env.db.select().from(sellerDetails)).toEqual([]);

      // Before anything was set: no rates, and no seller (null).
      const none = await call(env.app, "GET", "/api/tax/rates");
      expect(none.statusCode).toBe(200);
      expect(none.json()).toEqual({ rates: [] });
      const noSeller = await call(env.app, "GET", "/api/settings/seller", people.admin);
      expect(noSeller.statusCode).toBe(200);
      expect(noSeller.json()).toBeNull();

      const saved = await call(env.app, "PUT", "/api/settings/seller", people.admin, seller);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json<SellerAnswer>()).toEqual(seller);
      expectAnswer(sellerAnswer, saved.json());
      expectAnswer(sellerAnswer, noSeller.json());
      const changed = { ...seller, address: "  2 Garage Road, Springfield " };
      const again = await call(env.app, "PUT", "/api/settings/seller", people.admin, changed);
      expect(again.json<SellerAnswer>()).toEqual({ ...seller, address: "2 Garage Road, Springfield" });
      const read = await call(env.app, "GET", "/api/settings/seller", people.admin);
      expect(read.json<SellerAnswer>()).toEqual({ ...seller, address: "2 Garage Road, Springfield" });
      expect(await env.db.select().from(sellerDetails)).toHaveLength(1);
    });

    it("replaces the whole list: the PUT's answer, the admin's GET and the public GET agree", async () => {
      const first = await putRates(usRates);
      expect(first.statusCode, first.body).toBe(200);
      const expected = {
        rates: [
          { country: "DE", region: "", rate: 19, label: "VAT" },
          { country: "US", region: "", rate: 5, label: "Sales tax" },
          { country: "US", region: "New York", rate: 8.875, label: "NY sales tax" },
        ],
      };
      expect(first.json<TaxRatesAnswer>()).toEqual(expected);
      expectAnswer(taxRatesAnswer, first.json());
      expect((await call(env.app, "GET", "/api/settings/tax", people.admin)).json()).toEqual(expected);
      // Anyone: a visitor and a buyer.
      expect((await call(env.app, "GET", "/api/tax/rates")).json()).toEqual(expected);
      expect((await call(env.app, "GET", "/api/tax/rates", people.user)).json()).toEqual(expected);
      expect(await rows()).toMatchObject([
        { country: "DE", regionKey: "", rateMilli: 19_000 },
        { country: "US", regionKey: "", rateMilli: 5000 },
        { country: "US", region: "New York", regionKey: "new york", rateMilli: 8875 },
      ]);

      // The next PUT leaves nothing of the list before it.
      const second = await putRates([{ country: "FR", rate: 20, label: "TVA" }]);
      expect(second.json()).toEqual({ rates: [{ country: "FR", region: "", rate: 20, label: "TVA" }] });
      expect(await rows()).toMatchObject([{ country: "FR", rateMilli: 20_000 }]);

      const emptied = await putRates([]);
      expect(emptied.json()).toEqual({ rates: [] });
      expect(await rows()).toEqual([]);
    });

    it("answers 400 with a clear error for every bad list, and writes nothing", async () => {
      await putRates(usRates);
      const before = await rows();
      const good = { country: "US", region: "Ohio", rate: 5.75, label: "Sales tax" };
      const cases: [unknown, string][] = [
        [undefined, "Send rates as a list"],
        ["8.875", "Send rates as a list"],
        [[{ ...good, country: "USA" }], "Rate 1: Use the country's two-letter code (US, DE, FR…)"],
        [[good, { ...good, country: "1X" }], "Rate 2: Use the country's two-letter code (US, DE, FR…)"],
        [[{ ...good, country: undefined }], "Rate 1: Choose the country of the delivery address"],
        [[good, { ...good, region: "OHIO" }], "Rate 2: Two rates for US OHIO: keep one"],
        [
          [
            { ...good, region: "" },
            { ...good, region: " " },
          ],
          "Rate 2: Two rates for US: keep one",
        ],
        [[{ ...good, rate: 100.001 }], "Rate 1: rate must be at most 100 (percent)"],
        [[{ ...good, rate: -1 }], "Rate 1: rate cannot be negative"],
        [[{ ...good, rate: 8.8755 }], "Rate 1: Use at most three decimals for the rate"],
        [[{ ...good, rate: "8" }], "Rate 1: rate must be a number (percent)"],
        [[{ ...good, label: undefined }], "Rate 1: Give the rate a label (VAT, Sales tax…)"],
        [[{ ...good, label: "  " }], "Rate 1: Give the rate a label (VAT, Sales tax…)"],
        [[{ ...good, region: "x".repeat(65) }], "Rate 1: Use at most 64 characters for the region"],
        [Array.from({ length: 1001 }, (_, i) => ({ ...good, region: `R${i}` })), "Send at most 1000 rates"],
      ];
      for (const [rates, error] of cases) {
        const res = await putRates(rates);
        expect(res.statusCode, String(JSON.stringify(rates)).slice(0, 80)).toBe(400);
        expect(res.json(), String(JSON.stringify(rates)).slice(0, 80)).toEqual({ error });
      }
      const notAnObject = await call(env.app, "PUT", "/api/settings/tax", people.admin, [usRates]);
      expect(notAnObject.statusCode).toBe(400);
      expect(notAnObject.json().error).toMatch(/^Send the rates as JSON/);
      expect(await rows()).toEqual(before);
    });

    it("answers 400 for a seller without each detail, and keeps the saved one", async () => {
      const seller = { legalName: "Car Mechanic LLC", address: "1 Way", taxId: "T-1", bankDetails: "IBAN 1" };
      await call(env.app, "PUT", "/api/settings/seller", people.admin, seller);
      for (const field of ["legalName", "address", "taxId", "bankDetails"] as const) {
        const res = await call(env.app, "PUT", "/api/settings/seller", people.admin, {
          ...seller,
          [field]: " ",
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toHaveProperty("error");
      }
      const read = await call(env.app, "GET", "/api/settings/seller", people.admin);
      expect(read.json()).toEqual(seller);
    });
  },
  { ADMIN_EMAILS: adminEmail },
);
