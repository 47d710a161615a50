import { useCallback, useRef, useState } from 'react';
import { imageCodeUrl, signInConfig } from '../../api/oauth';

/** The image code the sign-in form shows: the image's address, its `timestamp` key and the code's length. */
export interface ShownImageCode {
  url: string;
  timestamp: string;
  length: number;
}

/** What useImageCode gives the sign-in page. */
export interface ImageCodeState {
  /** The image shown now, or null while the system setting asks for no code. */
  image: ShownImageCode | null;
  /**
   * Asks GET /api/oauth/getConfig/{account} (once per account unless `again`) and shows a new image when the setting is
   * on, hides it when off. Resolves whether a code is needed; a failed call keeps what is shown.
   */
  check: (account: string, again?: boolean) => Promise<boolean>;
  /** Draws a new image (a click on the image, or after a refused sign-in used the code up). */
  refresh: () => void;
}

/**
 * The sign-in image code of the sign-in page (JNPF's 图形验证码, issue 22; server oauth/image-code.ts): as JNPF's
 * login view does, the setting is asked for the typed account when the account field changes, and the image is
 * GET /api/oauth/ImageCode/{length}/{timestamp} with a new random timestamp per image.
 */
export function useImageCode(): ImageCodeState {
  const [image, setImage] = useState<ShownImageCode | null>(null);
  const shown = useRef<ShownImageCode | null>(null);
  const checked = useRef<string | null>(null);
  const show = useCallback((next: ShownImageCode | null) => {
    shown.current = next;
    setImage(next);
  }, []);

  const refresh = useCallback(() => {
    if (shown.current) show({ ...imageCodeUrl(shown.current.length), length: shown.current.length });
  }, [show]);

  const check = useCallback(
    async (account: string, again = false) => {
      const key = account.trim();
      if (!key || (!again && checked.current === key)) return !!shown.current;
      try {
        const config = await signInConfig(key);
        checked.current = key;
        if (!config?.enableVerificationCode) show(null);
        else {
          const length = config.verificationCodeNumber || 4;
          show({ ...imageCodeUrl(length), length });
        }
      } catch {
        // The setting stays as last known; the server still refuses a sign-in without the code it asks for.
      }
      return !!shown.current;
    },
    [show],
  );

  return { image, check, refresh };
}
