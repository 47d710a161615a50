import { App } from 'antd';
import { useAtom, useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../format';
import { userInfoAtom, welcomePendingAtom } from '../session/atoms';

/** How long the welcome notice shows, ms (spec 000 §9). */
export const WELCOME_MS = 3000;

/**
 * The welcome notice (spec 000 §2): once after a sign-in on /login when prevLogin is 1, a notification with the
 * previous sign-in time and IP, shown for 3000 ms.
 */
export function useWelcome(): void {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const [pending, setPending] = useAtom(welcomePendingAtom);
  const user = useAtomValue(userInfoAtom);
  useEffect(() => {
    if (!pending || !user) return;
    setPending(false);
    const ip = [user.prevLoginIPAddress, user.prevLoginIPAddressName].filter(Boolean).join(' ') || '-';
    notification.success({
      title: t('welcome.title', { name: user.userName }),
      description: t('welcome.text', { time: formatTime(user.prevLoginTime) || '-', ip }),
      duration: WELCOME_MS / 1000,
      placement: 'topRight',
    });
  }, [pending, user, setPending, notification, t]);
}
