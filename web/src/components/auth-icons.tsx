// Icons of the sign-in screens and the account menu (decorative: the control around each one is named).
import { Icon, type IconProps, roundStroke } from "./icons";

/** Google's "G", in its own colours. */
export function GoogleIcon({ className = "size-5" }: IconProps) {
  return (
    <Icon className={className} paint="own" viewBox="0 0 48 48">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.2l7.9 6.2C12.5 13.6 17.8 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.1 24.6c0-1.6-.1-3.1-.4-4.6H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.4 5.8c4.3-4 6.9-9.9 6.9-17.1z"
      />
      <path
        fill="#FBBC05"
        d="M10.6 28.6A14.5 14.5 0 0 1 9.5 24c0-1.6.3-3.2.8-4.6l-7.9-6.2A24 24 0 0 0 0 24c0 3.9.9 7.5 2.6 10.8l8-6.2z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.4-5.8c-2.1 1.4-4.8 2.3-8.5 2.3-6.2 0-11.5-4.2-13.4-9.9l-8 6.2C6.6 42.6 14.6 48 24 48z"
      />
    </Icon>
  );
}

export function EyeIcon({ className = "size-5" }: IconProps) {
  return (
    <Icon className={className}>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" {...roundStroke("1.8")} />
      <circle cx="12" cy="12" r="3" strokeWidth="1.8" />
    </Icon>
  );
}

export function EyeOffIcon({ className = "size-5" }: IconProps) {
  return (
    <Icon className={className}>
      <path
        d="M3 3l18 18M10.6 5.1A9.8 9.8 0 0 1 12 5c6.4 0 10 7 10 7a17.6 17.6 0 0 1-3.2 4.1M6.6 6.6C3.8 8.4 2 12 2 12s3.6 7 10 7c1.9 0 3.6-.6 5-1.5M9.9 9.9a3 3 0 0 0 4.2 4.2"
        {...roundStroke("1.8")}
      />
    </Icon>
  );
}

export function ChevronDownIcon({ className = "size-4" }: IconProps) {
  return (
    <Icon className={className}>
      <path d="M6 9l6 6 6-6" {...roundStroke("2")} />
    </Icon>
  );
}

export function UserIcon({ className = "size-5" }: IconProps) {
  return (
    <Icon className={className}>
      <circle cx="12" cy="8" r="4" strokeWidth="1.8" />
      <path d="M4 21a8 8 0 0 1 16 0" strokeWidth="1.8" strokeLinecap="round" />
    </Icon>
  );
}

export function BriefcaseIcon({ className = "size-5" }: IconProps) {
  return (
    <Icon className={className}>
      <rect x="3" y="7" width="18" height="13" rx="2" strokeWidth="1.8" />
      <path d="M9 7V5a2 2 0 0 1 2-2h2a2 2 0 0 1 2 2v2M3 13h18" strokeWidth="1.8" />
    </Icon>
  );
}

export function SignOutIcon({ className = "size-5" }: IconProps) {
  return (
    <Icon className={className}>
      <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l-5-5 5-5M5 12h11" {...roundStroke("1.8")} />
    </Icon>
  );
}

export function CheckIcon({ className = "size-5" }: IconProps) {
  return (
    <Icon className={className}>
      <path d="M5 12.5l4.5 4.5L19 7.5" {...roundStroke("2")} />
    </Icon>
  );
}

export function LockIcon({ className = "size-6" }: IconProps) {
  return (
    <Icon className={className}>
      <rect x="4" y="10" width="16" height="11" rx="2" strokeWidth="1.8" />
      <path d="M8 10V7a4 4 0 0 1 8 0v3M12 14.5v2.5" strokeWidth="1.8" strokeLinecap="round" />
    </Icon>
  );
}

/** A small turning wheel inside a busy button (the button's text says what is happening). */
export function ButtonSpinner({ className = "size-5" }: IconProps) {
  return (
    <Icon className={`${className} animate-spin motion-reduce:animate-none`} paint="unfilled">
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeWidth="3" opacity="0.25" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </Icon>
  );
}
