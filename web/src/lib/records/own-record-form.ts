import { zodResolver } from "@hookform/resolvers/zod";
import type { UseMutationResult } from "@tanstack/react-query";
import { type DefaultValues, useForm } from "react-hook-form";
import type { z } from "zod";
import type { OwnRecordKind, SavedResponse } from "#contract/profiles";
import type { SessionUser } from "../session/get-session";

/**
 * The form of a record each user keeps one of (a profile, a portfolio), checked with the server's
 * schema (contract/profiles.ts) and its messages: it starts from the user's record when they have one,
 * else empty but for the account's name; the email is always the account's. For OwnRecordForm's
 * `record`, with its kind, its save, and whether it updates one.
 */
export function useOwnRecordForm<Shape extends z.ZodRawShape>(
  kind: OwnRecordKind<Shape>,
  user: SessionUser,
  existing: Partial<Record<string, string>> | null,
  /** Saves it (lib/records/own-record.ts's useSaveOwnRecord). */
  save: UseMutationResult<SavedResponse, Error, z.output<z.ZodObject<Shape>>>,
) {
  const values: Record<string, string> = {};
  for (const field of kind.fields) values[field] = existing?.[field] ?? "";
  values.name = existing?.name ?? user.name;
  values.email = user.email;
  const form = useForm<z.input<z.ZodObject<Shape>>, unknown, z.output<z.ZodObject<Shape>>>({
    resolver: zodResolver(
      kind.schema as z.ZodType<z.output<z.ZodObject<Shape>>, z.input<z.ZodObject<Shape>>>,
    ),
    mode: "onTouched",
    // The fields of the kind's schema, as text; a select's "" is its "Select…".
    defaultValues: values as DefaultValues<z.input<z.ZodObject<Shape>>>,
  });
  return { kind, form, save, updating: existing !== null };
}
