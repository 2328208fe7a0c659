import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import type { Resolver } from "react-hook-form";
import { Controller, useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import {
  type NewTool,
  type NewToolInput,
  newToolSchema,
  type Tool,
  type ToolChanges,
  toolLimits,
} from "#contract/catalog";
import { controlClass, Field } from "#web/components/FormField";
import { FailedAlert } from "#web/components/forms/FailedAlert";
import { PhotoField } from "#web/components/forms/PhotoField";
import { PhotoSubmitRow } from "#web/components/forms/PhotoSubmitRow";
import { errorMessage } from "#web/lib/api";
import { toast } from "#web/lib/toast";
import { useAddTool } from "../api/add-tool";
import { useEditTool } from "../api/tool-admin";
import { toolEditSchema } from "../tool-edit-schema";
import { PriceBreaksEditor, type ToolForm } from "./PriceBreaksEditor";
import { DollarInput, WholeNumberInput } from "./tool-inputs";

const empty: NewToolInput = {
  name: "",
  description: "",
  available: "",
  minimum: "",
  price: "",
  img: "",
  maximum: "",
  increment: "",
  leadTimeDays: "",
  sku: "",
  lowStockAt: "",
  priceBreaks: [],
};

/** A tool's current values in the form's fields (numbers as the inputs show them). */
function filledFrom(tool: Tool): NewToolInput {
  const text = (n: number | null) => (n === null ? "" : String(n));
  return {
    name: tool.name,
    description: tool.description,
    available: String(tool.available),
    minimum: String(tool.minimum),
    price: String(tool.price),
    img: tool.img,
    maximum: text(tool.maximum),
    increment: String(tool.increment),
    leadTimeDays: String(tool.leadTimeDays),
    sku: tool.sku ?? "",
    lowStockAt: text(tool.lowStockAt),
    priceBreaks: tool.priceBreaks.map((b) => ({
      minQuantity: String(b.minQuantity),
      price: String(b.price),
    })),
  };
}

/** The edit form has no stock field: the stock changes only through the ledger. */
const editValues = (tool: Tool): NewToolInput => ({ ...filledFrom(tool), available: undefined });

type WholeNumberEntry = {
  label: string;
  placeholder: string;
  hint?: string;
  optional?: boolean;
  min?: number;
};

/** The form's whole-number fields (pieces and days): how each one is labelled and filled. */
const wholeNumberFields = {
  available: { label: "Available", hint: "Pieces in stock", placeholder: "1000" },
  minimum: { label: "Minimum", hint: "Least pieces per order", placeholder: "100" },
  maximum: { label: "Maximum per order", placeholder: "No limit", optional: true },
  increment: { label: "Order in steps of", placeholder: "1", optional: true },
  leadTimeDays: { label: "Lead time (days)", placeholder: "3", optional: true, min: 0 },
  lowStockAt: {
    label: "Low stock at",
    hint: "Admins hear of it at this stock",
    placeholder: "Never",
    optional: true,
    min: 0,
  },
} satisfies Record<string, WholeNumberEntry>;

type WholeNumberFieldProps = {
  form: ToolForm;
  name: keyof typeof wholeNumberFields;
  error: string | undefined;
};

/** A labelled number input that takes whole numbers only (from 1 unless its entry says otherwise). */
function WholeNumberField({ form, name, error }: WholeNumberFieldProps) {
  const { label, placeholder, hint, optional, min = 1 }: WholeNumberEntry = wholeNumberFields[name];
  return (
    <Field label={label} error={error} hint={hint} optional={optional}>
      {(control) => (
        <WholeNumberInput
          control={control}
          registration={form.register(name)}
          placeholder={placeholder}
          min={min}
        />
      )}
    </Field>
  );
}

const sectionClass = "border-slate-100 border-t pt-6 first:border-t-0 first:pt-0";
const legendClass = "font-semibold text-base text-navy";

/**
 * Add A Tools: name, description, stock, minimum lot, price and photo (all required), plus the
 * optional lot rules, volume price breaks, part number and low-stock level, checked with the server's own schema
 * (contract/catalog.ts). Given a `tool`, the same form edits it (PATCH, `toolChangesSchema`): filled
 * in, without the stock, which changes only through restocks and corrections.
 */
export function AddToolForm({ tool }: { tool?: Tool }) {
  const navigate = useNavigate();
  const addTool = useAddTool();
  const editTool = useEditTool(tool?._id ?? "");
  const saving = tool ? editTool : addTool;
  const [photoBusy, setPhotoBusy] = useState(false);
  const form = useForm<NewToolInput, unknown, NewTool | ToolChanges>({
    resolver: (tool ? zodResolver(toolEditSchema(tool)) : zodResolver(newToolSchema)) as Resolver<
      NewToolInput,
      unknown,
      NewTool | ToolChanges
    >,
    mode: "onTouched",
    defaultValues: tool ? editValues(tool) : empty,
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (tool) {
        const saved = await editTool.mutateAsync(values as ToolChanges);
        toast.success("Tool updated", { description: `${saved.name} is saved.` });
        form.reset(editValues(saved));
        return;
      }
      await addTool.mutateAsync(values as NewTool);
    } catch (error) {
      toast.error("Failed", { description: errorMessage(error) });
      return;
    }
    toast.success("Tools Added in Database", {
      description: `${values.name} is now listed on the tools page.`,
      action: { label: "View tools", onClick: () => void navigate("/tools") },
    });
    form.reset(empty);
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={tool ? `Edit ${tool.name}` : "Add a tool"}
      className="space-y-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <div className={sectionClass}>
        <fieldset className="space-y-5">
          <legend className={legendClass}>The tool</legend>
          <Field label="Name" error={errors.name?.message}>
            {(control) => (
              <input
                {...control}
                type="text"
                autoComplete="off"
                maxLength={toolLimits.name}
                placeholder="Hydraulic floor jack"
                className={controlClass}
                {...form.register("name")}
              />
            )}
          </Field>
          <Field
            label="Description"
            error={errors.description?.message}
            hint="The first 25 characters show on the tool's card."
          >
            {(control) => (
              <textarea
                {...control}
                rows={4}
                maxLength={toolLimits.description}
                placeholder="What it is, what it fits, what comes in the box"
                className={`${controlClass} resize-y`}
                {...form.register("description")}
              />
            )}
          </Field>
        </fieldset>
      </div>

      <div className={sectionClass}>
        <fieldset className="space-y-5">
          <legend className={legendClass}>{tool ? "Price" : "Stock and price"}</legend>
          <div className="grid gap-5 sm:grid-cols-3">
            {!tool && <WholeNumberField form={form} name="available" error={errors.available?.message} />}
            <WholeNumberField form={form} name="minimum" error={errors.minimum?.message} />
            <Field label="Price" error={errors.price?.message} hint="Dollars per piece">
              {(control) => (
                <DollarInput control={control} registration={form.register("price")} placeholder="12.50" />
              )}
            </Field>
          </div>
        </fieldset>
      </div>

      <div className={sectionClass}>
        <PriceBreaksEditor form={form} />
      </div>

      <div className={sectionClass}>
        <Controller
          control={form.control}
          name="img"
          render={({ field, fieldState }) => (
            <PhotoField
              name={field.name}
              value={field.value ?? ""}
              onChange={field.onChange}
              inputRef={field.ref}
              error={fieldState.error?.message}
              onBusyChange={setPhotoBusy}
            />
          )}
        />
      </div>

      <div className={sectionClass}>
        <fieldset className="space-y-5">
          <legend className={legendClass}>Lot rules</legend>
          <p className="-mt-2 text-slate-600 text-sm">
            Leave these empty to sell any quantity from the minimum up.
          </p>
          <div className="grid gap-5 sm:grid-cols-3">
            <WholeNumberField form={form} name="maximum" error={errors.maximum?.message} />
            <WholeNumberField form={form} name="increment" error={errors.increment?.message} />
            <WholeNumberField form={form} name="leadTimeDays" error={errors.leadTimeDays?.message} />
          </div>
        </fieldset>
      </div>

      <div className={sectionClass}>
        <fieldset className="space-y-5">
          <legend className={legendClass}>Part number and stock alert</legend>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="SKU" error={errors.sku?.message} hint="Your part number, unique" optional>
              {(control) => (
                <input
                  {...control}
                  type="text"
                  autoComplete="off"
                  maxLength={toolLimits.sku}
                  placeholder="BRK-CAL-01"
                  className={controlClass}
                  {...form.register("sku")}
                />
              )}
            </Field>
            <WholeNumberField form={form} name="lowStockAt" error={errors.lowStockAt?.message} />
          </div>
        </fieldset>
      </div>

      {saving.isError && <FailedAlert error={saving.error} />}

      <PhotoSubmitRow photoBusy={photoBusy} submitting={isSubmitting} buttonClassName="sm:min-w-40">
        {tool ? (isSubmitting ? "Saving…" : "Save changes") : isSubmitting ? "Adding…" : "Add Tool"}
      </PhotoSubmitRow>
    </form>
  );
}
