import { useState } from "react";
import { useAuthOptions } from "#web/lib/session/get-auth-options";
import { defaultAvatar, shownUserImage } from "#web/lib/uploads/user-image";

type UserAvatarProps = {
  /** The account's photo URL; the default avatar when there is none (or it fails to load). */
  image: string | null;
  size: number;
  className?: string;
  loading?: "lazy" | "eager";
};

/**
 * A user's account photo, decorative beside their name or inside a named control: only from the shop
 * or the identity provider (shownUserImage), else the default avatar.
 */
export function UserAvatar({ image, size, className = "", loading }: UserAvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  // Only a picture from elsewhere needs to know the identity provider's picture hosts.
  const ours = shownUserImage(image);
  const options = useAuthOptions({ enabled: !!image && !ours });
  const shown = ours ?? shownUserImage(image, { pictureSources: options.data?.pictureSources });
  const src = shown && failed !== shown ? shown : defaultAvatar;
  return (
    <img
      src={src}
      width={size}
      height={size}
      alt=""
      referrerPolicy="no-referrer"
      loading={loading}
      decoding="async"
      onError={() => setFailed(shown)}
      className={`shrink-0 rounded-full bg-slate-100 object-cover ring-1 ring-slate-200 ${className}`}
    />
  );
}
