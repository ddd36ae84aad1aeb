import { useState } from "react";
import { cn } from "../../../lib/utils.js";

/** The first letter of the display name, as a person reads it (an emoji or accented letter stays whole). */
export function initialOf(displayName: string): string {
  const first = Array.from(displayName.trim())[0];
  return first ? first.toLocaleUpperCase() : "?";
}

type UserAvatarProps = { displayName: string; avatarUrl: string | null; className?: string };

/** Decorative: the control it sits in carries the accessible name. */
export function UserAvatar({ displayName, avatarUrl, className }: UserAvatarProps) {
  // A broken or blocked image falls back to the letter rather than an empty circle.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showImage = avatarUrl !== null && avatarUrl !== failedUrl;
  return (
    <span
      aria-hidden="true"
      className={cn(
        "flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-indigo-600 text-sm font-semibold text-white",
        className,
      )}
    >
      {showImage ? (
        <img
          src={avatarUrl}
          alt=""
          referrerPolicy="no-referrer"
          className="size-full object-cover"
          onError={() => setFailedUrl(avatarUrl)}
        />
      ) : (
        initialOf(displayName)
      )}
    </span>
  );
}

export function accountMenuLabel(displayName: string): string {
  return `Account menu for ${displayName}`;
}

/** The menu's trigger look; also what shows while the menu's code is on its way. */
export const AVATAR_BUTTON_CLASS =
  "rounded-full outline-hidden transition-shadow hover:ring-2 hover:ring-indigo-200 focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:ring-offset-2";
