import { useEffect, useState } from 'react';

/** The mobile breakpoint in px (spec 000 §4, §9): narrower viewports are mobile. */
export const MOBILE_WIDTH = 992;

const read = () => (globalThis.innerWidth ?? MOBILE_WIDTH) < MOBILE_WIDTH;

/** True when the viewport is narrower than 992 px (spec 000 §4 "Device is desktop or mobile … rechecked on resize"). */
export function useIsMobile(): boolean {
  const [mobile, setMobile] = useState(read);
  useEffect(() => {
    const on = () => setMobile(read());
    globalThis.addEventListener('resize', on);
    return () => globalThis.removeEventListener('resize', on);
  }, []);
  return mobile;
}
