import { useStore } from 'jotai';
import { useEffect, useState } from 'react';
import { getItem, getToken, setItem } from '../storage';
import { expireSession } from './actions';
import { opensWithToken } from './guard';

/** How long a tab waits for another tab's answer, ms (spec 000 §4, §9). */
export const CROSS_TAB_WAIT_MS = 400;
/** The BroadcastChannel the tabs talk on. */
export const SESSION_CHANNEL = 'kd_session';

type Frame = { type: 'ask' } | { type: 'here' };

/**
 * True when this tab must ask the others: no session token in session storage, but a stored token exists (spec 000 §4).
 * Not when the page opens on a token link (`#/home?token=`, e.g. in JNPF's iframe): its token replaces the stored one,
 * and a check with no answer would sign the stored token out, which may be the very session the link carries.
 */
export function needsCrossTabCheck(): boolean {
  if (opensWithToken(globalThis.location?.hash ?? '')) return false;
  return !getItem<string>('token', true) && !!getToken();
}

/**
 * The cross-tab check of spec 000 §4. Every tab answers 'ask' frames while it holds a session token. A tab that starts
 * with a stored token but none in its session storage asks; an answer within 400 ms adopts the stored token for this
 * tab; silence logs out (the guard then sends the user to /login). Returns true while the check runs (the guard
 * shows a spinner). Without BroadcastChannel the check is skipped.
 */
export function useCrossTabCheck(): boolean {
  const store = useStore();
  const [checking, setChecking] = useState(() => typeof BroadcastChannel !== 'undefined' && needsCrossTabCheck());
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(SESSION_CHANNEL);
    let waiting: ReturnType<typeof setTimeout> | undefined;
    channel.onmessage = (e: MessageEvent<Frame>) => {
      if (e.data?.type === 'ask' && getItem<string>('token', true)) channel.postMessage({ type: 'here' } satisfies Frame);
      else if (e.data?.type === 'here' && waiting) {
        clearTimeout(waiting);
        waiting = undefined;
        const token = getToken();
        if (token) setItem('token', token, true);
        setChecking(false);
      }
    };
    if (needsCrossTabCheck()) {
      waiting = setTimeout(() => {
        waiting = undefined;
        void expireSession(store).then(() => setChecking(false));
      }, CROSS_TAB_WAIT_MS);
      channel.postMessage({ type: 'ask' } satisfies Frame);
    }
    return () => {
      if (waiting) clearTimeout(waiting);
      channel.close();
    };
  }, [store]);
  return checking;
}
