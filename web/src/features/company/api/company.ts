import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { CompanyRole, companyApplication, invitationBody } from "#contract/companies";
import { apiFetch, apiJson, lazySchema } from "#web/lib/api";
import { myCompanyKey, myCompanyQueryOptions } from "#web/lib/companies/buying-terms";

// The signed-in member's company (issue 27): `/api/companies/mine` and what its members may change.

const myCompanySchema = lazySchema(() => import("#contract/answers").then((a) => a.myCompanyAnswer));
const companySchema = lazySchema(() => import("#contract/answers").then((a) => a.companyAnswer));

export { myCompanyKey };

/** `GET /api/companies/mine`: the company (null when none), the caller's role, members, open invitations. */
export function useMyCompany() {
  return useQuery(myCompanyQueryOptions);
}

/** Every change here answers with (or changes) the member's company: read it again afterwards. */
function useCompanyChange<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: myCompanyKey }),
  });
}

/** `POST /api/companies`: the application; the company starts pending. */
export const useApplyForCompany = () =>
  useCompanyChange((input: z.output<typeof companyApplication>) =>
    apiJson("/api/companies", companySchema, { method: "POST", json: input }),
  );

/** `POST /api/companies/{id}/members`: an invitation mailed to the address. */
export const useInviteMember = (companyId: string) =>
  useCompanyChange((input: z.output<typeof invitationBody>) =>
    apiFetch(`/api/companies/${encodeURIComponent(companyId)}/members`, { method: "POST", json: input }),
  );

/** `POST /api/companies/invitations/{token}/accept`: the signed-in member joins. */
export const useAcceptInvitation = () =>
  useCompanyChange((token: string) =>
    apiJson(`/api/companies/invitations/${encodeURIComponent(token)}/accept`, myCompanySchema, {
      method: "POST",
    }),
  );

const memberPath = (companyId: string, userId: string) =>
  `/api/companies/${encodeURIComponent(companyId)}/members/${encodeURIComponent(userId)}`;

/** `PATCH /api/companies/{id}/members/{userId}`: a company admin changes a member's role. */
export const useSetMemberRole = (companyId: string) =>
  useCompanyChange(({ userId, role }: { userId: string; role: CompanyRole }) =>
    apiFetch(memberPath(companyId, userId), { method: "PATCH", json: { role } }),
  );

/** `DELETE /api/companies/{id}/members/{userId}`: removed by a company admin, or leaving. */
export const useRemoveMember = (companyId: string) =>
  useCompanyChange((userId: string) => apiFetch(memberPath(companyId, userId), { method: "DELETE" }));
