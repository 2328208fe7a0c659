import type { ReactNode } from "react";
import { ExternalLinkIcon, GraduationIcon } from "#web/components/dashboard-icons";
import { Email } from "#web/components/Email";
import { NewTabLink } from "#web/components/NewTabLink";
import { MailIcon, MapPinIcon, PhoneIcon } from "#web/components/shop-icons";
import { thumbnailOf } from "#web/lib/uploads/thumbnail";
import { defaultAvatar, shownUserImage } from "#web/lib/uploads/user-image";
import type { ProfileView } from "../api/get-profile";
import { linkedInHref, linkedInLabel } from "../linkedin";

type ProfileCardProps = {
  profile: ProfileView;
  /** `full` for one profile on its page, `compact` in the admins' list of all profiles. */
  variant?: "full" | "compact";
  /** h2 under a page's h1 (the default); h1 when the card is the page. */
  headingLevel?: 1 | 2;
  /** Links or buttons under the details (Edit). */
  children?: ReactNode;
};

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="relative min-h-8 min-w-0 pl-11">
      <dt className="text-slate-600 text-xs uppercase tracking-wide">
        <span
          aria-hidden="true"
          className="absolute top-0.5 left-0 flex size-8 items-center justify-center rounded-full bg-orange-50 text-accent-dark"
        >
          {icon}
        </span>
        {label}
      </dt>
      <dd className="font-medium text-navy [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** LinkedIn opens in a new tab; a value that is not a LinkedIn address stays text. */
export function LinkedInLink({ value }: { value: string }) {
  const href = linkedInHref(value);
  if (!href) return <span>{value}</span>;
  return <NewTabLink href={href}>{linkedInLabel(value)}</NewTabLink>;
}

/** A person's profile: photo, name, education, location, LinkedIn; email and phone when sent. */
export function ProfileCard({ profile, variant = "full", headingLevel = 2, children }: ProfileCardProps) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const full = variant === "full";
  return (
    <article
      data-testid="profile-card"
      className="h-full overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <div
        aria-hidden="true"
        className={`bg-gradient-to-r from-navy to-steel ${full ? "h-24 sm:h-28" : "h-16"}`}
      />
      <div className={full ? "px-5 pb-6 sm:px-8 sm:pb-8" : "px-5 pb-5"}>
        <img
          src={thumbnailOf(shownUserImage(profile.img) ?? defaultAvatar)}
          alt=""
          width={full ? 112 : 80}
          height={full ? 112 : 80}
          decoding="async"
          className={`relative rounded-full bg-slate-100 object-cover ring-4 ring-white ${
            full ? "-mt-12 size-24 sm:-mt-14 sm:size-28" : "-mt-10 size-20"
          }`}
        />
        <Heading
          className={`mt-3 font-bold text-navy tracking-tight [overflow-wrap:anywhere] ${full ? "text-2xl sm:text-3xl" : "text-lg"}`}
        >
          {profile.name}
        </Heading>
        <p className="mt-2 inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-2.5 py-0.5 font-medium text-sm text-steel">
          <GraduationIcon className="size-4" />
          {profile.education}
        </p>

        <dl className={`mt-6 grid gap-4 ${full ? "sm:grid-cols-2" : ""}`}>
          <Detail icon={<MapPinIcon className="size-4" />} label="Location">
            {profile.location}
          </Detail>
          <Detail icon={<ExternalLinkIcon className="size-4" />} label="LinkedIn">
            <LinkedInLink value={profile.linkedIn} />
          </Detail>
          {profile.email !== undefined && (
            <Detail icon={<MailIcon className="size-4" />} label="Email">
              <a href={`mailto:${profile.email}`} className="underline-offset-4 hover:underline">
                <Email email={profile.email} />
              </a>
            </Detail>
          )}
          {profile.phone !== undefined && (
            <Detail icon={<PhoneIcon className="size-4" />} label="Phone">
              <a
                href={`tel:${profile.phone.replace(/[^\d+]/g, "")}`}
                className="underline-offset-4 hover:underline"
              >
                {profile.phone}
              </a>
            </Detail>
          )}
        </dl>
        {children && (
          <div className="mt-6 flex flex-wrap gap-3 border-slate-100 border-t pt-5">{children}</div>
        )}
      </div>
    </article>
  );
}
