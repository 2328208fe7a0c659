// The footer's social icons (solid brand marks), out of icons.tsx: the footer loads as it comes near
// the viewport, so they are not part of the code a first visit needs.
import { Icon, type IconProps } from "./icons";

export function FacebookIcon({ className = "size-5" }: IconProps) {
  return (
    <Icon className={className} paint="solid">
      <path d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4a21 21 0 0 0-2.4-.1c-2.4 0-4 1.4-4 4.1v2.1H7.7v3h2.6V21h3.2z" />
    </Icon>
  );
}

export function XIcon({ className = "size-5" }: IconProps) {
  return (
    <Icon className={className} paint="solid">
      <path d="M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.2-8.3L1.8 3h6.4l4.4 5.8L17.8 3zm-1.1 16.2h1.7L7.4 4.7H5.6l11.1 14.5z" />
    </Icon>
  );
}

export function YouTubeIcon({ className = "size-5" }: IconProps) {
  return (
    <Icon className={className} paint="solid">
      <path d="M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4a2.5 2.5 0 0 0-1.8 1.8C2 8.8 2 12 2 12s0 3.2.4 4.8a2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8c.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8zM10 15V9l5.2 3-5.2 3z" />
    </Icon>
  );
}
