import { useState } from "react";

const defaultAvatar = "/images/avatar-default.svg";

type UserAvatarProps = {
  /** The account's photo URL; the default avatar when there is none (or it fails to load). */
  image: string | null;
  size: number;
  className?: string;
};

/** The signed-in user's photo, decorative beside their name or inside a named control. */
export function UserAvatar({ image, size, className = "" }: UserAvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const src = image && failed !== image ? image : defaultAvatar;
  return (
    <img
      src={src}
      width={size}
      height={size}
      alt=""
      referrerPolicy="no-referrer"
      decoding="async"
      onError={() => setFailed(image)}
      className={`shrink-0 rounded-full bg-slate-100 object-cover ring-1 ring-slate-200 ${className}`}
    />
  );
}
